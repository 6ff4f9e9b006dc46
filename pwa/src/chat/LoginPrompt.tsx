import { useId, useState } from 'react';
import type {
  AuthMethodView,
  Conversation,
  LoginTerminalView,
} from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';
import { TerminalPanel } from './TerminalPanel.tsx';
import { useHostAction, type HostAction } from './useHostAction.ts';
import { useTerminalInput } from './useTerminalInput.ts';

export interface LoginPromptProps {
  agent: string;
  agentTitle: string;
  auth: NonNullable<Conversation['auth']>;
}

/**
 * The agent refused to answer until the user logs in (CONTRACT.md §7, `auth`): its ways to log
 * in, each a button (`ChatService.Authenticate`), with a field for each environment variable a
 * way reads — saved in the agent's `env`, then the agent restarts with it — and the terminal a
 * `terminal` way runs the agent's own login in. The message waits.
 */
export function LoginPrompt({ agent, agentTitle, auth }: LoginPromptProps) {
  const t = useT();
  const titleId = useId();
  const login = useHostAction();
  return (
    <section className="chat-login" aria-labelledby={titleId}>
      <h2 id={titleId} className="chat-login-title">
        {t('chat.login.title', { agent: agentTitle })}
      </h2>
      <p className="chat-login-note">
        {auth.methods.length > 0 ? t('chat.login.waits') : t('chat.login.none')}
      </p>
      {auth.terminal && <LoginTerminal agent={agent} terminal={auth.terminal} />}
      {/* While a login runs in the terminal, it is all there is to do (or to kill). */}
      {!running(auth.terminal) &&
        auth.methods.map((method) => (
          <LoginMethod
            key={method.id}
            agent={agent}
            agentTitle={agentTitle}
            method={method}
            login={login}
          />
        ))}
      {login.error !== undefined && (
        <p className="chat-error" role="alert">
          {t('chat.login.failed', { error: login.error })}
        </p>
      )}
    </section>
  );
}

const running = (terminal: LoginTerminalView | null) =>
  terminal !== null && terminal.exitCode === null && terminal.signal === null;

/** The terminal a `terminal` way runs in: the user types into it. */
function LoginTerminal({ agent, terminal }: { agent: string; terminal: LoginTerminalView }) {
  const t = useT();
  const input = useTerminalInput(agent, terminal);
  return (
    <>
      {running(terminal) && <p className="chat-login-note">{t('chat.login.terminalRuns')}</p>}
      {/* A new terminal is a new screen, sized anew for its program. */}
      <TerminalPanel
        key={terminal.id}
        agent={agent}
        terminal={terminal}
        length={terminal.length}
        input={input}
      />
    </>
  );
}

function LoginMethod({
  agent,
  agentTitle,
  method,
  login,
}: {
  agent: string;
  agentTitle: string;
  method: AuthMethodView;
  login: HostAction;
}) {
  const t = useT();
  const nameId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  // A variable the agent does not have yet must be given; one it has may be given anew.
  const missing = method.env.some(({ name, set }) => !set && !given[name]);
  const saves = Object.keys(given).length > 0;
  const inTerminal = method.type === 'terminal';
  return (
    <form
      className="chat-login-method"
      aria-labelledby={nameId}
      onSubmit={(event) => {
        event.preventDefault();
        void login.run('ChatService.Authenticate', agent, method.id, saves ? given : undefined);
      }}
    >
      <p id={nameId} className="chat-login-name">
        {method.name}
      </p>
      {method.description !== '' && (
        <p className="chat-login-description">
          <Described text={method.description} />
        </p>
      )}
      {method.env.map(({ name, set }) => (
        <label key={name} className="chat-login-variable">
          <code>{name}</code>
          <input
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={values[name] ?? ''}
            placeholder={set ? t('chat.login.variableSet') : ''}
            onChange={({ target: { value } }) =>
              setValues((before) => ({ ...before, [name]: value }))
            }
          />
        </label>
      ))}
      {method.env.length > 0 && <p className="chat-login-note">{t('chat.login.envSaved')}</p>}
      {inTerminal && (
        <p className="chat-login-note">{t('chat.login.terminalNote', { agent: agentTitle })}</p>
      )}
      <button type="submit" className="primary" disabled={login.pending || missing}>
        {inTerminal
          ? t('chat.login.openTerminal')
          : saves
            ? t('chat.login.saveAndLogIn')
            : t('chat.login.logIn')}
      </button>
    </form>
  );
}

/** An agent's description, what it puts in backticks (a variable's name) as code. */
function Described({ text }: { text: string }) {
  const pieces = text.split('`');
  if (pieces.length % 2 === 0) return text; // a backtick left open: as the agent wrote it
  return pieces.map((piece, index) => (index % 2 === 1 ? <code key={index}>{piece}</code> : piece));
}
