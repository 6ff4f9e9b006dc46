import { useState } from 'react';
import { useT } from '../i18n.tsx';

/** The agent's reasoning: open while its message arrives, folded once it is done. */
export function ThoughtPart({ text, done }: { text: string; done: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(!done);
  const [wasDone, setWasDone] = useState(done);
  if (done !== wasDone) {
    // The message just ended: fold its thoughts (the reader may open them again).
    setWasDone(done);
    if (done) setOpen(false);
  }
  return (
    <details
      className="chat-thought"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{t(done ? 'chat.thought.label' : 'chat.thought.arriving')}</summary>
      <p className="chat-thought-text">{text}</p>
    </details>
  );
}
