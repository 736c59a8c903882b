/**
 * An article body shown as React elements, never as injected HTML: the (server-sanitised) HTML is
 * parsed by the browser's DOMParser, which runs nothing, and only the contracts' allowed tags and
 * attributes become elements; links and images pass the address rule again at use.
 */
import { KNOWLEDGE_ALLOWED_ATTRIBUTES, KNOWLEDGE_ALLOWED_TAGS } from '@lyyp/contracts/knowledge';
import { isSafeUrl } from '@lyyp/contracts';
import { createElement, useMemo, type ReactNode } from 'react';

const ALLOWED_TAGS = new Set<string>(KNOWLEDGE_ALLOWED_TAGS);
/** Tags React must not be given children for. */
const VOID_TAGS = new Set(['br', 'hr', 'img']);
const REACT_NAMES: Readonly<Record<string, string>> = { colspan: 'colSpan', rowspan: 'rowSpan' };

function propsOf(element: Element, key: number): Record<string, unknown> {
  const tag = element.tagName.toLowerCase();
  const props: Record<string, unknown> = { key };
  for (const name of KNOWLEDGE_ALLOWED_ATTRIBUTES[tag] ?? []) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    if ((name === 'href' || name === 'src') && !isSafeUrl(value)) continue;
    props[REACT_NAMES[name] ?? name] = value;
  }
  if (tag === 'a' && typeof props.href === 'string') {
    props.target = '_blank';
    props.rel = 'noopener noreferrer';
  }
  if (tag === 'img') props.style = { maxWidth: '100%' };
  return props;
}

function renderNodes(nodes: NodeListOf<ChildNode>): ReactNode[] {
  return [...nodes].map((node, index) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    // An element outside the list keeps its text, like the server's sanitiser.
    if (!ALLOWED_TAGS.has(tag)) return createElement('span', { key: index }, renderNodes(element.childNodes));
    if (tag === 'img' && !element.getAttribute('src')) return null;
    return VOID_TAGS.has(tag)
      ? createElement(tag, propsOf(element, index))
      : createElement(tag, propsOf(element, index), renderNodes(element.childNodes));
  });
}

export function ArticleBody({ html }: { html: string }) {
  const content = useMemo(() => {
    const document = new DOMParser().parseFromString(html, 'text/html');
    return renderNodes(document.body.childNodes);
  }, [html]);
  return (
    <div className="knowledge-article-body" data-testid="knowledge-article-body" style={{ lineHeight: 1.7 }}>
      {content}
    </div>
  );
}
