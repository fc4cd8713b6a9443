import { Classes } from '@blueprintjs/core';
import { PlainButton } from '../../ui/plain/PlainButton';
import { PlainInput } from '../../ui/plain/PlainInput';

/** 'Assign Copies ID' with its Update button, below the list (000 §2); Blueprint's inline FormGroup markup, on a form (Enter is Update). */
export function AssignCopiesForm({ value, onChange, onUpdate }: { value: string; onChange: (typed: string) => void; onUpdate: () => void }) {
  return (
    <form
      className={`${Classes.FORM_GROUP} ${Classes.INLINE} email-dashboard__assign`}
      aria-label="Assign copies"
      onSubmit={(e) => {
        e.preventDefault();
        onUpdate();
      }}
    >
      <label className={Classes.LABEL} htmlFor="assign-copies-id">
        Assign Copies ID
      </label>
      <div className={Classes.FORM_CONTENT}>
        <PlainInput id="assign-copies-id" value={value} onValueChange={onChange} placeholder="Entry ID or MUID" />
        <PlainButton type="submit" text="Update" intent="primary" />
      </div>
    </form>
  );
}
