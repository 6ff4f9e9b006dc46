/**
 * What Switchboard keeps for itself (the state dir, the configuration it writes) is its owner's
 * alone: conversations, the token, keys, and agents' API keys in the configuration's `env`.
 */

/** The mode of a folder Switchboard makes for itself. */
export const privateDirMode = 0o700;

/** The mode of a file Switchboard makes for itself. */
export const privateFileMode = 0o600;
