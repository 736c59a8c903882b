/**
 * Space held down turns a drag on the canvas into panning (the viewport scrolls with the pointer),
 * as in drawing tools. Space typed into a field stays a space.
 */
import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import { isTypingTarget } from '../state/shortcuts.ts';

interface PanStart {
  readonly clientX: number;
  readonly clientY: number;
  readonly scrollLeft: number;
  readonly scrollTop: number;
}

export function useSpacePan(viewport: RefObject<HTMLDivElement | null>) {
  const [held, setHeld] = useState(false);
  const [panning, setPanning] = useState(false);
  const start = useRef<PanStart | null>(null);

  useEffect(() => {
    const handleDown = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || isTypingTarget(event.target as HTMLElement | null)) return;
      // The page would scroll, or a focused button would be pressed.
      event.preventDefault();
      if (!event.repeat) setHeld(true);
    };
    const handleUp = (event: KeyboardEvent) => {
      if (event.code === 'Space') setHeld(false);
    };
    const release = () => setHeld(false);
    window.addEventListener('keydown', handleDown);
    window.addEventListener('keyup', handleUp);
    window.addEventListener('blur', release);
    return () => {
      window.removeEventListener('keydown', handleDown);
      window.removeEventListener('keyup', handleUp);
      window.removeEventListener('blur', release);
    };
  }, []);

  /** Starts panning when space is held; answers whether the press is the pan's. */
  const beginPan = (event: PointerEvent<HTMLDivElement>): boolean => {
    const view = viewport.current;
    if (!held || !view) return false;
    start.current = {
      clientX: event.clientX,
      clientY: event.clientY,
      scrollLeft: view.scrollLeft,
      scrollTop: view.scrollTop,
    };
    setPanning(true);
    event.currentTarget.setPointerCapture(event.pointerId);
    return true;
  };

  const movePan = (event: PointerEvent<HTMLDivElement>): boolean => {
    const view = viewport.current;
    const from = start.current;
    if (!from || !view) return false;
    view.scrollTo(
      from.scrollLeft - (event.clientX - from.clientX),
      from.scrollTop - (event.clientY - from.clientY),
    );
    return true;
  };

  const endPan = (): boolean => {
    if (!start.current) return false;
    start.current = null;
    setPanning(false);
    return true;
  };

  const cursor = panning ? 'grabbing' : held ? 'grab' : undefined;
  return { beginPan, movePan, endPan, cursor };
}
