import { builtinAgentCommand } from './builtinAgent.ts';

/**
 * The configuration a new user starts with: the built-in offline agent, and the well-known ACP
 * agents ready to uncomment, each with the environment it needs named (CONTRACT.md §2).
 */
export function defaultConfigText(): string {
  const { command, args } = builtinAgentCommand();
  return `# Switchboard configuration: the agents you run, and how.
# The format is described in docs/ and checked against schema/config.schema.json.
language: en            # en | fr
theme: system           # system | light | dark
limits:
  # maxRunningAgents: 3   # agents running at once; the least recently used idle one makes room
  stopIdleAgentsAfter: 15m   # 90s, 15m, 1h, or 0 = never
agents:
  builtin:
    title: Built-in agent
    icon: "🧭"
    description: Works offline on the files of its folder — lists, reads, searches, and runs commands once you allow it.
    command: ${command}
    args: ${JSON.stringify(args)}
    cwd: "~"               # the folder it works in

  # Claude Code, through Zed's ACP adapter. Needs ANTHROPIC_API_KEY (or a Claude login).
  # claude:
  #   title: Claude Code
  #   icon: "🤖"
  #   command: npx
  #   args: ["-y", "@zed-industries/claude-agent-acp"]
  #   env: { ANTHROPIC_API_KEY: "sk-ant-…" }
  #   cwd: ~/code/project

  # Codex, through Zed's ACP adapter. Needs OPENAI_API_KEY (or a ChatGPT login).
  # codex:
  #   title: Codex
  #   icon: "🧩"
  #   command: npx
  #   args: ["-y", "@zed-industries/codex-acp"]
  #   env: { OPENAI_API_KEY: "sk-…" }
  #   cwd: ~/code/project

  # Gemini CLI in its ACP mode. Needs GEMINI_API_KEY (or a Google login).
  # gemini:
  #   title: Gemini CLI
  #   icon: "✨"
  #   command: npx
  #   args: ["-y", "@google/gemini-cli", "--acp"]
  #   env: { GEMINI_API_KEY: "…" }
  #   cwd: ~/code/project

  # Qwen Code in its ACP mode. Needs OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL (or a Qwen login).
  # qwen:
  #   title: Qwen Code
  #   icon: "🐉"
  #   command: npx
  #   args: ["-y", "@qwen-code/qwen-code", "--acp"]
  #   env: { OPENAI_API_KEY: "…", OPENAI_BASE_URL: "…", OPENAI_MODEL: "…" }
  #   cwd: ~/code/project

channels: []            # the agent mesh: machines that share a NATS channel
allowedHosts: []        # extra host names the app may be reached by
`;
}
