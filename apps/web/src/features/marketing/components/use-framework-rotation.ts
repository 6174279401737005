import { useCallback, useEffect, useState } from 'react';

export const DEMO_ROTATION_MS = 3000;
export const DEMO_FADE_MS = 300;

export interface FrameworkRotation {
  index: number;
  autoPlaying: boolean;
  /** True during the fade-out just before an automatic switch. */
  fading: boolean;
  select: (index: number) => void;
  next: () => void;
  toggleAutoPlay: () => void;
}

/**
 * Rotation state for the framework demo. The switch itself lands exactly every 3 s; the fade-out
 * starts 300 ms before it and the new terms fade back in over the following 300 ms.
 */
export function useFrameworkRotation(count: number): FrameworkRotation {
  const [index, setIndex] = useState(0);
  const [autoPlaying, setAutoPlaying] = useState(true);
  const [fading, setFading] = useState(false);

  useEffect(() => {
    if (!autoPlaying || count < 2) return;
    const fadeTimer = window.setTimeout(() => setFading(true), DEMO_ROTATION_MS - DEMO_FADE_MS);
    const switchTimer = window.setTimeout(() => {
      setIndex((current) => (current + 1) % count);
      setFading(false);
    }, DEMO_ROTATION_MS);
    return () => {
      window.clearTimeout(fadeTimer);
      window.clearTimeout(switchTimer);
    };
  }, [autoPlaying, index, count]);

  const select = useCallback((target: number) => {
    setAutoPlaying(false);
    setFading(false);
    setIndex(target);
  }, []);

  const next = useCallback(() => {
    // Manual stepping only makes sense when the rotation is not also moving underneath it.
    if (autoPlaying) return;
    setIndex((current) => (current + 1) % count);
  }, [autoPlaying, count]);

  const toggleAutoPlay = useCallback(() => {
    setFading(false);
    setAutoPlaying((playing) => !playing);
  }, []);

  return { index, autoPlaying, fading, select, next, toggleAutoPlay };
}
