import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useEffectEvent, useRef } from 'react';
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

/** Keys typed into a terminal, and the room it has: a login terminal's (`WriteTerminal`). */
export interface TerminalInput {
  onData(data: string): void;
  onResize(size: { cols: number; rows: number }): void;
}

export interface XtermViewProps {
  output: string;
  label: string;
  /**
   * Every character the terminal ever wrote (a login terminal's `length`): what is new is written
   * after what is shown even once the front of `output` is cut.
   */
  length?: number;
  /** The user types into it; it fills its box, rows included. */
  input?: TerminalInput;
}

interface Shown {
  xterm: Terminal;
  fit: FitAddon;
  /** What was written, as given (without `length`). */
  written: string;
  /** How many characters of the stream were written (with `length`). */
  consumed: number;
}

/**
 * A command's output in an xterm.js terminal, as wide as its card: what arrives is written after
 * what is shown, and the whole is written again when it no longer follows (its front was cut,
 * unless `length` says what is new). Read-only, its rows following the output; with `input`, the
 * user types into it and it fills its box. Its 24-bit colours are shown as the nearest of the
 * palette.
 */
export function XtermView({ output, label, length, input }: XtermViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const terminal = useRef<Shown>(undefined);
  // What the user types goes to the input of the last render, without opening the terminal again.
  const onData = useEffectEvent((data: string) => input?.onData(data));
  const onResize = useEffectEvent((size: { cols: number; rows: number }) => input?.onResize(size));
  const interactive = input !== undefined;

  useEffect(() => {
    const element = host.current!;
    const xterm = new Terminal({
      convertEol: !interactive,
      disableStdin: !interactive,
      cursorInactiveStyle: interactive ? 'outline' : 'none',
      fontSize: 12,
      rows: rowsFor(''),
      scrollback: 2000,
      screenReaderMode: true,
      theme: theme(element),
    });
    const fit = new FitAddon();
    xterm.loadAddon(fit);
    xterm.open(element);
    const shown: Shown = { xterm, fit, written: '', consumed: 0 };
    terminal.current = shown;
    const subscriptions = interactive
      ? [
          xterm.onData((data) => onData(data)),
          xterm.onResize(({ cols, rows }) => onResize({ cols, rows })),
        ]
      : [];
    const resize = new ResizeObserver(() => (interactive ? fitBox(shown) : fitWidth(shown)));
    resize.observe(element);
    if (interactive) xterm.focus(); // opened to be typed into
    return () => {
      resize.disconnect();
      for (const subscription of subscriptions) subscription.dispose();
      xterm.dispose();
      terminal.current = undefined;
    };
  }, [interactive]);

  useEffect(() => {
    const shown = terminal.current;
    if (!shown) return;
    if (length === undefined) writeOutput(shown, output);
    else writeStream(shown, output, length);
    if (interactive) return;
    const rows = rowsFor(output);
    if (rows !== shown.xterm.rows) shown.xterm.resize(shown.xterm.cols, rows);
  }, [output, length, interactive]);

  return (
    <div
      ref={host}
      className={`chat-terminal-screen${interactive ? ' chat-terminal-interactive' : ''}`}
      role={interactive ? undefined : 'log'}
      aria-label={label}
    />
  );
}

/** Writes what follows what was written, or the whole again (its front was cut). */
function writeOutput(shown: Shown, output: string): void {
  // A sequence cut by the end of what came so far is written once it is whole.
  const text = paletteColours(output.slice(0, completeLength(output)));
  if (text.startsWith(shown.written)) {
    shown.xterm.write(text.slice(shown.written.length));
  } else {
    shown.xterm.reset();
    shown.xterm.write(text);
  }
  shown.written = text;
}

/** Writes the characters of the stream not written yet: the last `length - consumed` of `output`. */
function writeStream(shown: Shown, output: string, length: number): void {
  const unseen = length - shown.consumed;
  if (unseen < 0 || unseen > output.length) {
    // Another stream, or more came than is kept: what is kept, afresh.
    shown.xterm.reset();
    shown.consumed = length - output.length;
  }
  const fresh = output.slice(output.length - (length - shown.consumed));
  const whole = fresh.slice(0, completeLength(fresh));
  shown.xterm.write(paletteColours(whole));
  shown.consumed += whole.length;
}

/** Columns to fill the card's width; the rows follow the output, not the card. */
function fitWidth({ xterm, fit }: Shown): void {
  const size = fit.proposeDimensions();
  if (size && Number.isFinite(size.cols) && size.cols > 0 && size.cols !== xterm.cols) {
    xterm.resize(size.cols, xterm.rows);
  }
}

/** Columns and rows to fill the box (a login terminal's program is told of each change). */
function fitBox({ xterm, fit }: Shown): void {
  const size = fit.proposeDimensions();
  if (!size || !Number.isFinite(size.cols) || !Number.isFinite(size.rows)) return;
  const cols = Math.max(2, size.cols);
  const rows = Math.max(1, size.rows);
  if (cols !== xterm.cols || rows !== xterm.rows) xterm.resize(cols, rows);
}
