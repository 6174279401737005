import { createContext } from 'react';

/** Chooses the seat whose actions show beside the chart; stable, so the memoised seat boxes never re-render for it. */
export const SeatSelectionContext = createContext<(seatId: string) => void>(() => undefined);
