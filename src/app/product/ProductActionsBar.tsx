import { AnchorButton, Button, Tooltip } from '@blueprintjs/core';
import { memo, type MouseEvent, type Ref } from 'react';
import { keepActionFocus } from './keepActionFocus';
import { ProductWindowsMenu } from './ProductWindowsMenu';
import { TEMP_CREATED } from './productScreenText';
import type { ProductEditorModel } from './useProductEditorController';

type BarProps = Pick<ProductEditorModel, 'controller' | 'plan' | 'buttons' | 'disabled' | 'productId' | 'doc' | 'isProductAdmin' | 'moveBlocked' | 'directMail'> & {
  /** The send_link block is not hidden by the rules. */
  sendLink: boolean;
  barRef: Ref<HTMLDivElement>;
};

/**
 * The sticky toolbar of 001 §2 "Actions on the product screen", per the button plan of 001 §4.
 * Memoised on the values it shows: the frame re-renders when any block's state changes (a channel
 * switch, an added sector chain), and its Blueprint buttons were most of that render.
 */
export const ProductActionsBar = memo(function ProductActionsBar(props: BarProps) {
  const { doc, productId, barRef, directMail, ...buttons } = props;
  return (
    <div className="portal-product-actions" role="toolbar" aria-label="Product actions" ref={barRef}>
      <ActionButtons productId={productId} {...buttons} />
      <ProductWindowsMenu doc={doc} productId={productId} directMail={directMail} />
    </div>
  );
});

/**
 * The buttons, memoised apart from the windows menu: a channel switch changes the values the menu
 * reads (the channel), not the buttons, and rendering Blueprint's buttons again was most of the bar's work.
 */
const ActionButtons = memo(function ActionButtons(props: Omit<BarProps, 'doc' | 'barRef' | 'directMail'>) {
  const { controller, plan, buttons, disabled, productId, isProductAdmin, sendLink } = props;
  const run = (action: Parameters<typeof controller.run>[0]) => (e: MouseEvent<HTMLElement>) => keepActionFocus(e.currentTarget, action, controller.run(action));
  return (
    <>
      {plan.statusActions && buttons.map((b) => <Button key={b.action} text={b.label} intent={b.intent} disabled={disabled} data-action={b.action} onClick={run(b.action)} />)}
      {plan.submit && <Button text={plan.submit} intent="primary" disabled={disabled} data-action="save" onClick={run('save')} />}
      {plan.statusActions && <Button text="Delete" intent="danger" icon="trash" disabled={disabled} onClick={() => void controller.remove()} />}
      {plan.cancel && <Button text="Cancel" disabled={disabled} onClick={controller.cancel} />}
      {plan.tempCreated && <span className="portal-temp-created">{TEMP_CREATED}</span>}
      {productId !== undefined && sendLink && (
        <Button text="Link to your colleague" icon="envelope" disabled={disabled} onClick={() => controller.openDialog('send')} />
      )}
      {productId !== undefined && plan.statusActions && <MoveAndDeleteButton blocked={props.moveBlocked} disabled={disabled} onClick={() => controller.openDialog('move')} />}
      {productId !== undefined && isProductAdmin && <Button text="Product Activity Log" icon="history" onClick={() => controller.openDialog('log')} />}
    </>
  );
});

/** 001 §2: Move and delete, disabled with the reason where it cannot apply (the rules' words, on hover and as its description). */
function MoveAndDeleteButton({ blocked, disabled, onClick }: { blocked: readonly string[]; disabled: boolean; onClick: () => void }) {
  const reason = blocked.join(' ');
  return (
    <>
      <Tooltip content={reason} disabled={!reason} placement="bottom">
        <AnchorButton text="Move and delete" icon="move" disabled={disabled || !!reason} aria-describedby={reason ? 'portal-move-blocked' : undefined} onClick={onClick} />
      </Tooltip>
      {reason && (
        <span id="portal-move-blocked" hidden>
          {reason}
        </span>
      )}
    </>
  );
}
