/**
 * Faceplate templates: widgets whose bindings name a device parameter (`equipId` `$name`) instead
 * of a device, placed on pages as groups bound to real devices (see the group's `faceplate`).
 */
import { z } from 'zod';
import { PAGE_TITLE_MAX_LENGTH } from './page.schema.ts';
import { WidgetSchema } from './widget.schema.ts';

export const FACEPLATE_PARAMETER_NAME = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
export const FACEPLATE_PARAMETERS_MAX = 20;

export const FaceplateTemplateSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().min(1).max(PAGE_TITLE_MAX_LENGTH),
  version: z.number().int().min(1),
  parameters: z.array(z.string().regex(FACEPLATE_PARAMETER_NAME)).max(FACEPLATE_PARAMETERS_MAX),
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
  widgets: z.array(WidgetSchema).min(1),
});
export type FaceplateTemplate = z.infer<typeof FaceplateTemplateSchema>;
