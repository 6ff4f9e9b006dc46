import { useEffect } from 'react';

/** Applies the configuration's theme (`system`, `light`, `dark`) to the page. */
export function useTheme(theme: 'system' | 'light' | 'dark'): void {
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
