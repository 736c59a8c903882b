/**
 * The rich text of knowledge articles, cleaned with DOMPurify (a maintained sanitiser, never our
 * own regexes): only the tags and attributes of the contracts' allow-list, links http/https or
 * relative to the console, images from the platform's file store or http/https. Also the plain
 * text of a body, which search reads.
 */
import DOMPurify from 'isomorphic-dompurify';
import { API_PREFIX, isSafeUrl } from '@lyyp/contracts';
import { KNOWLEDGE_ALLOWED_ATTRIBUTES, KNOWLEDGE_ALLOWED_TAGS } from '@lyyp/contracts/knowledge';

/** Where the file store serves its files (`/lyyp/developer/file/<id>`). */
const FILE_STORE_PATH = new RegExp(`^${API_PREFIX.replaceAll('/', '\\/')}\\/file\\/[A-Za-z0-9-]{1,64}$`);

const ALLOWED_ATTRIBUTES = [...new Set(Object.values(KNOWLEDGE_ALLOWED_ATTRIBUTES).flat())];

/** An image source the body may keep: the platform's own file store, or an absolute http(s) address. */
export function isAllowedImageSource(value: string): boolean {
  const source = value.trim();
  if (FILE_STORE_PATH.test(source)) return true;
  return /^https?:\/\//i.test(source) && isSafeUrl(source, { relative: false });
}

/** The part of a DOM element the hooks use (the server compiles without the DOM's types). */
interface HookElement {
  readonly nodeName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  remove(): void;
}

type AttributeHook = (
  node: HookElement,
  data: { attrName: string; attrValue: string; keepAttr: boolean },
) => void;

const checkAttribute: AttributeHook = (node, data) => {
  const tag = node.nodeName.toLowerCase();
  const allowed = KNOWLEDGE_ALLOWED_ATTRIBUTES[tag] ?? [];
  if (!allowed.includes(data.attrName)) {
    data.keepAttr = false;
    return;
  }
  if (data.attrName === 'href' && !isSafeUrl(data.attrValue)) data.keepAttr = false;
  if (data.attrName === 'src' && !isAllowedImageSource(data.attrValue)) data.keepAttr = false;
};

const finishElement = (node: HookElement) => {
  const tag = node.nodeName.toLowerCase();
  // An image whose source was refused shows nothing: drop it rather than keep an empty frame.
  if (tag === 'img' && !node.getAttribute('src')) node.remove();
  if (tag === 'a' && node.getAttribute('href')) {
    node.setAttribute('rel', 'noopener noreferrer');
    node.setAttribute('target', '_blank');
  }
};

/**
 * The body with nothing but the allowed tags and attributes. The hooks are added for this one
 * synchronous call and removed after it, so DOMPurify's other users (SVG uploads) are not affected.
 */
export function sanitiseArticleHtml(html: string): string {
  DOMPurify.addHook('uponSanitizeAttribute', checkAttribute as never);
  DOMPurify.addHook('afterSanitizeAttributes', finishElement as never);
  try {
    return DOMPurify.sanitize(html, {
      ALLOWED_TAGS: [...KNOWLEDGE_ALLOWED_TAGS],
      ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES, 'rel', 'target'],
      ALLOW_DATA_ATTR: false,
      FORBID_TAGS: ['style', 'script'],
      KEEP_CONTENT: true,
    });
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes');
    DOMPurify.removeHook('uponSanitizeAttribute');
  }
}

/** Ends of blocks: a space goes after each so that words of two paragraphs never run together. */
const BLOCK_END = /<\/(?:p|div|h[1-6]|li|blockquote|pre|tr|td|th)>|<br\s*\/?>/gi;

/** The text of a (sanitised) body, whitespace collapsed: what search looks in. */
export function plainTextOf(html: string): string {
  // A DOM node (the server compiles without the DOM's types: only its text is read).
  const body = DOMPurify.sanitize(html.replace(BLOCK_END, '$& '), {
    ALLOWED_TAGS: ['#text'],
    KEEP_CONTENT: true,
    RETURN_DOM: true,
  }) as unknown as { textContent: string | null };
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Whether a (sanitised) body shows anything: some text, or at least one image. */
export function hasContent(html: string, text: string): boolean {
  return text !== '' || /<img\s/i.test(html);
}
