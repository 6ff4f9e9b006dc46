/** Placeholder: the settings. */
export function SettingsScreen() {
  return <section />;
}
