// Copying a link or a snippet: the text is selected in its field (so Ctrl+C / ⌘C copies it
// where the browser refuses the clipboard), written to the clipboard, and what happened is
// said in the dialog's own note, which stays open to show it.

/** Copy `field`'s text; say 'Copied.' (or how to copy it by hand) in `note`. */
export async function copyField(field, note) {
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    note.textContent = 'Copied.';
  } catch {
    note.textContent = 'Select the text and copy it (Ctrl+C / ⌘C).';
  }
}
