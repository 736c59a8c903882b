/** The console's building blocks: screens compose these instead of writing tables and dialogs again. */
export { ConsoleTable, PagedTable, type ConsoleTableProps, type PagedTableProps } from './ConsoleTable.tsx';
export { actionColumn, textColumn, timeColumn, type ConsoleColumn } from './columns.tsx';
export {
  FilterBar,
  FilterSelect,
  type FilterBarProps,
  type FilterField,
  type FilterSelectProps,
} from './filters.tsx';
export { fitColumns, headerWidth, textWidth, FLEX_COLUMN_WIDTH, TIME_COLUMN_WIDTH } from './column-fit.ts';
export {
  ConfirmButton,
  RowActions,
  useConfirmAction,
  type ConfirmActionOptions,
  type ConfirmButtonProps,
  type RowActionsProps,
} from './confirm-action.tsx';
export { DetailDrawer, type DetailDrawerProps } from './DetailDrawer.tsx';
export {
  FormDialog,
  useSchemaRules,
  type EditDialogProps,
  type FormCheck,
  type FormDialogProps,
  type FormDialogTools,
} from './FormDialog.tsx';
export { pageFor, shownPage, type PageOf, type PageRequest } from './paging.ts';
export { usePagedQuery, type PagedQuery, type PagedQueryOptions } from './use-paged-query.ts';
export { useEditor, type Editor } from './use-editor.ts';
export {
  ScreenCard,
  type ScreenAdd,
  type ScreenCapacity,
  type ScreenCardProps,
  type ScreenSearch,
} from './ScreenCard.tsx';
export { useAction, type ActionOptions } from './use-action.ts';
export { UploadDialog, type UploadDialogProps } from './UploadDialog.tsx';
export { TextField, type TextFieldProps } from './fields.tsx';
export { useQueryRange, type QueryRange } from './query-range.tsx';
export { useDescribeFailureWith } from './describe-failure.ts';
export { useFieldRule } from './field-rule.ts';
export { CoordinateFields } from './CoordinateFields.tsx';
export { AddRowButton, RemoveRowButton } from './list-rows.tsx';
export { NameAndKey, NameWithNote, RowSwitch, useRowSwitch } from './cells.tsx';
export { recheckedForm } from './rechecked-form.ts';
export { capacityAdd } from './capacity-add.ts';
