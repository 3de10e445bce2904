export { Modal, MODAL_PADDINGS, MODAL_SIZES, type ModalPadding, type ModalProps, type ModalSize } from './modal';
