/** Placeholder: the pairing screen. */
export function PairingScreen() {
  return <section />;
}
