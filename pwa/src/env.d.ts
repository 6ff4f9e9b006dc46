/** When this build of the app was made (vite.config.ts `define`). */
declare const __APP_BUILD__: string;
