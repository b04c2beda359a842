/** A field where Ctrl/Cmd+Z undoes typing, not a shortcut. */
function isEditing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** SPEC 2: Ctrl/Cmd+Z toggles the dev panel, outside fields (where it undoes) and without Shift (redo). */
export function isDevPanelShortcut(event: KeyboardEvent): boolean {
  const command = event.ctrlKey || event.metaKey;
  return command && !event.shiftKey && !event.altKey && event.code === 'KeyZ' && !isEditing(event.target);
}
