import { AnchorButton, Button, Tooltip } from '@blueprintjs/core';
import type { Ref } from 'react';
import { ProductWindowsMenu } from './ProductWindowsMenu';
import { TEMP_CREATED } from './productScreenText';
import type { ProductEditorModel } from './useProductEditorController';

/** The sticky toolbar of 001 §2 "Actions on the product screen", per the button plan of 001 §4. */
export function ProductActionsBar({ model, barRef }: { model: ProductEditorModel; barRef: Ref<HTMLDivElement> }) {
  const { controller, plan, buttons, disabled, productId, doc, blocks, isProductAdmin } = model;
  return (
    <div className="portal-product-actions" role="toolbar" aria-label="Product actions" ref={barRef}>
      {plan.statusActions && buttons.map((b) => <Button key={b.action} text={b.label} intent={b.intent} disabled={disabled} onClick={() => void controller.run(b.action)} />)}
      {plan.submit && <Button text={plan.submit} intent="primary" disabled={disabled} onClick={() => void controller.run('save')} />}
      {plan.statusActions && <Button text="Delete" intent="danger" icon="trash" disabled={disabled} onClick={() => void controller.remove()} />}
      {plan.cancel && <Button text="Cancel" disabled={disabled} onClick={controller.cancel} />}
      {plan.tempCreated && <span className="portal-temp-created">{TEMP_CREATED}</span>}
      {productId !== undefined && blocks?.send_link?.visible !== false && (
        <Button text="Link to your colleague" icon="envelope" disabled={disabled} onClick={() => controller.openDialog('send')} />
      )}
      {productId !== undefined && plan.statusActions && <MoveAndDeleteButton blocked={model.moveBlocked} disabled={disabled} onClick={() => controller.openDialog('move')} />}
      {productId !== undefined && isProductAdmin && <Button text="Product Activity Log" icon="history" onClick={() => controller.openDialog('log')} />}
      <ProductWindowsMenu doc={doc} productId={productId} directMail={model.directMail} />
    </div>
  );
}

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
