import { App, Modal, type ModalFuncProps, type ModalProps } from 'antd';
import { useMemo } from 'react';

export type DialogProps = Omit<ModalProps, 'maskClosable'>;

/**
 * The only dialog of the app. A click on the backdrop never closes it: dialogs here hold forms and
 * pasted sequences that a stray click must not throw away.
 */
export function Dialog(props: DialogProps) {
  return <Modal centered {...props} maskClosable={false} />;
}

/** Confirmation and information dialogs with the same rule. */
export function useDialogs() {
  const { modal } = App.useApp();
  return useMemo(
    () => ({
      confirm: (props: Omit<ModalFuncProps, 'maskClosable'>) => modal.confirm({ ...props, maskClosable: false }),
      info: (props: Omit<ModalFuncProps, 'maskClosable'>) => modal.info({ ...props, maskClosable: false }),
    }),
    [modal],
  );
}
