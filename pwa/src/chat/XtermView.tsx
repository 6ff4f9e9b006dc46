import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef } from 'react';
import { cspNonce } from '../shell/cspNonce.ts';
import { completeLength, paletteColours } from './paletteColours.ts';

/** The most rows a terminal takes in a card before it scrolls. */
const maxRows = 16;

/** The rows `output` fills (at least 2, at most {@link maxRows}). */
const rowsFor = (output: string) => Math.min(maxRows, Math.max(2, output.split('\n').length));

/** The terminal's colours: the app's own, light or dark. */
function theme(element: HTMLElement) {
  const style = getComputedStyle(element);
  const color = (name: string) => style.getPropertyValue(name).trim() || undefined;
  return {
    background: color('--bg-soft'),
    foreground: color('--fg'),
    cursor: color('--bg-soft'),
    selectionBackground: color('--border'),
  };
}

/**
 * The `<style>` elements xterm.js makes carry the page's CSP nonce from now on: the policy refuses
 * any other. xterm.js has no nonce option, and makes some of them with `window.document` whatever
 * its `documentOverride` says, so it is the page's `createElement` that gives it. (Any script of
 * the page can read the nonce anyway: this lets none in that could not already.)
 */
function nonceStyles(): void {
  const nonce = cspNonce();
  if (nonce === undefined) return;
  type CreateElement = (this: Document, tag: string, options?: ElementCreationOptions) => Element;
  const createElement = Reflect.get(Document.prototype, 'createElement') as CreateElement;
  const withNonce: CreateElement = function (tag, options) {
    const element = createElement.call(this, tag, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  };
  Reflect.set(Document.prototype, 'createElement', withNonce);
}
nonceStyles();

/**
 * A command's output in a read-only xterm.js terminal, as wide as its card: what arrives is
 * written after what is shown, and the whole is written again when it no longer follows (its
 * front was cut). Its 24-bit colours are shown as the nearest of the palette.
 */
export function XtermView({ output, label }: { output: string; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const terminal = useRef<{ xterm: Terminal; fit: FitAddon; written: string }>(undefined);

  useEffect(() => {
    const element = host.current!;
    const xterm = new Terminal({
      convertEol: true,
      disableStdin: true,
      cursorInactiveStyle: 'none',
      fontSize: 12,
      rows: rowsFor(''),
      scrollback: 2000,
      screenReaderMode: true,
      theme: theme(element),
    });
    const fit = new FitAddon();
    xterm.loadAddon(fit);
    xterm.open(element);
    terminal.current = { xterm, fit, written: '' };
    const resize = new ResizeObserver(() => fitWidth(terminal.current!));
    resize.observe(element);
    return () => {
      resize.disconnect();
      xterm.dispose();
      terminal.current = undefined;
    };
  }, []);

  useEffect(() => {
    const shown = terminal.current;
    if (!shown) return;
    // A sequence cut by the end of what came so far is written once it is whole.
    const text = paletteColours(output.slice(0, completeLength(output)));
    if (text.startsWith(shown.written)) {
      shown.xterm.write(text.slice(shown.written.length));
    } else {
      shown.xterm.reset();
      shown.xterm.write(text);
    }
    shown.written = text;
    const rows = rowsFor(output);
    if (rows !== shown.xterm.rows) shown.xterm.resize(shown.xterm.cols, rows);
  }, [output]);

  return <div ref={host} className="chat-terminal-screen" role="log" aria-label={label} />;
}

/** Columns to fill the card's width; the rows follow the output, not the card. */
function fitWidth({ xterm, fit }: { xterm: Terminal; fit: FitAddon }): void {
  const size = fit.proposeDimensions();
  if (size && Number.isFinite(size.cols) && size.cols > 0 && size.cols !== xterm.cols) {
    xterm.resize(size.cols, xterm.rows);
  }
}
