/**
 * Steps of the designer flow that a person does with the mouse on the canvas: drawing from the
 * palette, dragging a marquee, and reading where the page sits at the current zoom.
 */
import type { Page } from 'playwright-core';

export interface Canvas {
  /** The screen point of a page point. */
  readonly at: (x: number, y: number) => { x: number; y: number };
}

export async function measureCanvas(page: Page): Promise<Canvas> {
  const stage = await page.locator('[data-designer-stage]').boundingBox();
  if (!stage) throw new Error('The designer canvas is not on screen');
  const zoom = Number((await page.locator('[data-zoom]').innerText()).replace('%', '')) / 100;
  return { at: (x, y) => ({ x: stage.x + x * zoom, y: stage.y + y * zoom }) };
}

/** Drags with the mouse between two page points, in small steps like a hand does. */
export async function dragOnCanvas(
  page: Page,
  canvas: Canvas,
  from: [number, number],
  to: [number, number],
): Promise<void> {
  const start = canvas.at(...from);
  const end = canvas.at(...to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 8 });
  await page.mouse.up();
}

/** Picks a widget type in the palette and draws it over the box between two page points. */
export async function drawWidget(
  page: Page,
  canvas: Canvas,
  type: string,
  from: [number, number],
  to: [number, number],
): Promise<void> {
  await page.click(`[data-palette-item="${type}"]`);
  await dragOnCanvas(page, canvas, from, to);
}

/** Widgets of the open page as the designer holds them, read from the layer list. */
export async function countLayers(page: Page): Promise<number> {
  await page.getByRole('tab', { name: /图层|Layers/ }).click();
  const count = await page.locator('[data-layer]').count();
  await page.getByRole('tab', { name: /组件|Widgets/ }).click();
  return count;
}
