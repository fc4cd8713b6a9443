import { OverlayToaster } from '@blueprintjs/core';
import { Alert } from '../../ui/dialog/Alert';
import { memo, type RefObject } from 'react';
import { usePortalApi } from '../../api/hooks/PortalApiContext';
import type { SendLinkRequest } from '../../api/products';
import { cancelTarget } from './cancelTarget';
import { ActivityLogDialog } from './widgets/ActivityLogDialog';
import { MoveAndDeleteDialog } from './widgets/MoveAndDeleteDialog';
import { ProblemsDialog } from './widgets/ProblemsDialog';
import { SendLinkDialog } from './widgets/SendLinkDialog';
import type { ProductEditorModel } from './useProductEditorController';

/**
 * The editor's dialogs, the open modal (alert, confirm, problems), the unsaved-changes question and the toaster.
 * It re-renders with every editor state change: only what is open is drawn (a closed Blueprint dialog still
 * rendered its overlay's hooks each time), and the toaster is a memoised child.
 */
export function ProductEditorModals({ model }: { model: ProductEditorModel }) {
  const { controller, state, doc, blocker } = model;
  const api = usePortalApi();
  const { modal, dialog } = state;
  const close = () => controller.openDialog(null);
  return (
    <>
      {dialog === 'move' && <MoveAndDeleteDialog isOpen onClose={close} calls={model.moveCalls} onMoved={() => controller.leave(cancelTarget(doc.ec_content_type))} />}
      {/* The dialog's fields are the send_link block's, checked by its rules before sending. */}
      {dialog === 'send' && <SendLinkDialog isOpen onClose={close} send={async (body) => void (await api.products.sendLink(body as unknown as SendLinkRequest))} />}
      {dialog === 'log' && <ActivityLogDialog isOpen onClose={close} productId={model.productId} />}
      {modal?.kind === 'alert' && (
        <Alert isOpen confirmButtonText="OK" onConfirm={() => controller.answer(true)}>
          <p>{modal.message}</p>
        </Alert>
      )}
      {modal?.kind === 'confirm' && (
        <Alert
          isOpen
          intent={modal.opts.intent}
          confirmButtonText={modal.opts.confirmText ?? 'OK'}
          cancelButtonText={modal.opts.cancelText ?? 'Cancel'}
          onConfirm={() => controller.answer(true)}
          onCancel={() => controller.answer(false)}
          canEscapeKeyCancel
        >
          <p>{modal.opts.message}</p>
        </Alert>
      )}
      {modal?.kind === 'problems' && (
        <ProblemsDialog
          title={modal.title}
          problems={modal.problems}
          notes={modal.notes}
          onClose={() => controller.answer(false)}
          onContinue={modal.asks ? () => controller.answer(true) : undefined}
          onGo={modal.asks ? undefined : controller.goTo}
        />
      )}
      {blocker.state === 'blocked' && (
        <Alert
          isOpen
          intent="danger"
          icon="warning-sign"
          confirmButtonText="Leave without saving"
          cancelButtonText="Stay on this page"
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
          canEscapeKeyCancel
        >
          <p>This product has changes that are not saved. Leave this page and lose them?</p>
        </Alert>
      )}
      <EditorToaster toaster={model.toaster} />
    </>
  );
}

const EditorToaster = memo(function EditorToaster({ toaster }: { toaster: RefObject<OverlayToaster | null> }) {
  return <OverlayToaster ref={toaster} position="bottom-right" />;
});
