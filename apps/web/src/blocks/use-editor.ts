/**
 * Which thing a list's add-or-edit dialog is open for: `open(null)` to add, `open(row)` to edit;
 * `props` is what the dialog takes (`EditDialogProps`), or null while it is closed.
 */
import { useState } from 'react';
import type { EditDialogProps } from './FormDialog.tsx';

export interface Editor<T> {
  open: (item: T | null) => void;
  close: () => void;
  props: EditDialogProps<T> | null;
}

export function useEditor<T>(onSaved: () => unknown): Editor<T> {
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const close = () => setEditing(null);
  return {
    open: (item) => setEditing({ item }),
    close,
    props: editing
      ? {
          item: editing.item,
          onClose: close,
          onSaved: () => void onSaved(),
        }
      : null,
  };
}
