import { createContext } from 'react';
import type { ChartLayoutFunction } from './chartLayout.ts';
import { elkLayout } from './elkLayout.ts';

/** Who lays out the charts: ELK in the app; a test may give a simpler layout. */
export const ChartLayoutContext = createContext<ChartLayoutFunction>(elkLayout);
