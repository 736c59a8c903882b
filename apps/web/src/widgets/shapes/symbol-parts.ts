/**
 * A library symbol's parts brought to their state in the drawn SVG (its `data-part` elements): the
 * colour a rule picks, hidden or shown, a level rectangle filled from the bottom of its area, a
 * rotor turning about its centre. The drawn look is remembered first and comes back when a rule
 * lets go, so a part never keeps a state it no longer has.
 */
import { levelBox, type IndustrialSymbol, type SymbolPartState } from '@lyyp/designer-core';

const DRAWN = 'data-drawn';

/** The element's drawn attributes, taken the first time it is changed. */
function drawn(element: Element, name: string): string | null {
  const key = `${DRAWN}-${name}`;
  if (!element.hasAttribute(key)) element.setAttribute(key, element.getAttribute(name) ?? '');
  const value = element.getAttribute(key);
  return value === '' ? null : value;
}

function setOrDrop(element: Element, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

export function applySymbolParts(
  root: Element,
  symbol: IndustrialSymbol,
  states: Readonly<Record<string, SymbolPartState>>,
  rotorClass: string,
): void {
  for (const spec of symbol.parts) {
    const element = root.querySelector(`[data-part="${spec.name}"]`);
    if (!(element instanceof SVGElement)) continue;
    const state = states[spec.name];
    setOrDrop(element, 'fill', state?.fill ?? drawn(element, 'fill'));
    element.style.visibility = state && !state.visible ? 'hidden' : '';
    if (spec.role === 'level' && spec.area) {
      const box =
        state?.level === null || state?.level === undefined ? null : levelBox(spec.area, state.level);
      setOrDrop(element, 'y', box ? String(box.y) : drawn(element, 'y'));
      setOrDrop(element, 'height', box ? String(box.height) : drawn(element, 'height'));
    }
    if (spec.role === 'rotor') {
      const spin = state?.spin ?? null;
      element.classList.toggle(rotorClass, spin !== null && spin.speed > 0);
      if (spin && spin.speed > 0) {
        const centre = spec.centre ?? { x: symbol.width / 2, y: symbol.height / 2 };
        element.style.transformOrigin = `${centre.x}px ${centre.y}px`;
        element.style.animationDuration = `${60 / spin.speed}s`;
        element.style.animationDirection = spin.direction === 'anticlockwise' ? 'reverse' : 'normal';
      }
    }
    element.setAttribute('data-state', describeState(state));
  }
}

/** The part's state in words, for tests and for reading the page in the browser's inspector. */
function describeState(state: SymbolPartState | undefined): string {
  if (!state) return 'resting';
  const words = [
    state.visible ? null : 'hidden',
    state.fill ? `fill:${state.fill}` : null,
    state.level === null ? null : `level:${Math.round(state.level * 100)}`,
    state.spin ? 'turning' : null,
  ].filter((word): word is string => word !== null);
  return words.length === 0 ? 'resting' : words.join(' ');
}
