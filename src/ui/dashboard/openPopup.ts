/** 000 §7, §9: the popup window sizes. */
export type PopupSize = { width: number; height: number };

/** Opens a path in a popup window of the spec's size; noopener so the popup cannot reach the portal window. */
export function openPopup(path: string, size: PopupSize, name = '_blank'): void {
  window.open(path, name, `width=${size.width},height=${size.height},noopener,noreferrer`);
}
