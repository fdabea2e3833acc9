import { useRef } from 'react';
import type { Side } from '@bb/contracts';
import { retryableLazy } from '../../shared/errors/retryable-lazy';
import { Island } from '../../shared/islands/Island';
import { ChatIcon, CloseIcon } from '../components/icons';
import { PALETTE } from '../site';
import { useChat } from './useChat';

const ChatPanel = retryableLazy(() => import('./ChatPanel'));

/** The floating chat button with its unread badge; the panel is fetched on first open. */
export function ChatWidget({ side }: { side: Side }) {
  const chat = useChat(side);
  const launcher = useRef<HTMLButtonElement>(null);
  // Escape inside the panel closes it; the focus goes back to the button that opened it.
  const closeFromPanel = () => {
    chat.setOpen(false);
    launcher.current?.focus();
  };

  return (
    <div className="lx-chat">
      {chat.open && (
        <div className="lx-chat-panel">
          <Island when="now" palette={PALETTE[side]} loadingText="">
            <ChatPanel chat={chat} side={side} onClose={closeFromPanel} />
          </Island>
        </div>
      )}
      <button
        ref={launcher}
        type="button"
        className="lx-chat-launch"
        onClick={() => chat.setOpen(!chat.open)}
        aria-expanded={chat.open}
        aria-controls="chat-panel"
      >
        {chat.open ? <CloseIcon /> : <ChatIcon />}
        <span className="lx-sr-only">
          {chat.open ? 'Close chat' : 'Chat with us'}
          {chat.unread > 0 && `, ${chat.unread} unread ${chat.unread === 1 ? 'message' : 'messages'}`}
        </span>
        {chat.unread > 0 && (
          <span className="lx-chat-badge" data-testid="chat-unread" aria-hidden="true">
            {chat.unread}
          </span>
        )}
      </button>
    </div>
  );
}
