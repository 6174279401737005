import { getViewportForBounds } from '@xyflow/react';
import { SEAT_HEIGHT, SEAT_WIDTH } from './chart-layout';

/** An image wider or taller than this is scaled down: browsers refuse canvases much larger. */
const IMAGE_SIDE_MAX = 6000;
const PADDING = 40;

/** The rectangle that holds every seat's box, from their top-left corners. */
export function chartBounds(corners: readonly { x: number; y: number }[]) {
  if (corners.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) + SEAT_WIDTH - x, height: Math.max(...ys) + SEAT_HEIGHT - y };
}

/** The image's size and the transform that fits the whole chart in it, never enlarged past 1:1. */
export function imageFrame(corners: readonly { x: number; y: number }[]) {
  const bounds = chartBounds(corners);
  const width = Math.min(Math.ceil(bounds.width) + 2 * PADDING, IMAGE_SIDE_MAX);
  const height = Math.min(Math.ceil(bounds.height) + 2 * PADDING, IMAGE_SIDE_MAX);
  const viewport = getViewportForBounds(bounds, width, height, 0.02, 1, 0.02);
  return { width, height, transform: `translate(${viewport.x}px, ${viewport.y}px) scale(${viewport.zoom})` };
}

/** Draws the canvas's viewport (every seat drawn) into a PNG and downloads it under `fileName`. */
export async function downloadChartPng(
  viewport: HTMLElement,
  corners: readonly { x: number; y: number }[],
  fileName: string,
) {
  const { toPng } = await import('html-to-image');
  const frame = imageFrame(corners);
  const url = await toPng(viewport, {
    backgroundColor: '#ffffff',
    width: frame.width,
    height: frame.height,
    style: { width: `${frame.width}px`, height: `${frame.height}px`, transform: frame.transform },
  });
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
