/** An agent's icon: its emoji, its image when it is a web address, else its title's initial. */
export function AgentAvatar({ icon, title }: { icon: string; title: string }) {
  if (/^https?:\/\//.test(icon)) {
    return <img className="chat-avatar" src={icon} alt="" width={32} height={32} />;
  }
  // A path under the configuration's folder is not served to the app: the initial stands in.
  const glyph = icon !== '' && !/[/\\.]/.test(icon) ? icon : title.slice(0, 1).toUpperCase();
  return (
    <span className="chat-avatar" aria-hidden="true">
      {glyph}
    </span>
  );
}
