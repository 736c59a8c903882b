/** English texts of the knowledge base; the type makes every Chinese key required here. */
import type { knowledgeZhCN } from './zh-CN.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const knowledgeEnUS: Texts<typeof knowledgeZhCN> = {
  article: 'Knowledge article',
  add: 'New article',
  edit: 'Edit article',
  save: 'Save',
  saved: 'Article saved',
  deleted: 'Article deleted',
  confirmDelete: 'Delete this article?',
  search: 'Search title or text',
  empty: 'No articles yet',
  attach: 'Upload attachment',
  titleRequired: 'Please enter the title',
  byline: 'Updated by {{author}} at {{time}}',
  whatToDo: 'What to do',
  linkedArticle: 'Knowledge article',
  noArticle: 'None',
  fields: {
    title: 'Title',
    summary: 'Summary',
    body: 'Body',
    attachments: 'Attachments',
    updatedAt: 'Updated at',
    author: 'Author',
  },
  editor: {
    heading: 'Heading',
    bold: 'Bold',
    italic: 'Italic',
    bullets: 'Bulleted list',
    numbers: 'Numbered list',
    link: 'Insert link',
    image: 'Insert image',
    linkPrompt: 'Link address (http, https or on this site)',
    unsafeLink: 'Links may only be http, https or on this site',
  },
};
