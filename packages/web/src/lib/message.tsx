import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * Short notices ("copied", "saved") for every page. antd's App component would give the same through App.useApp(),
 * but it also brings Modal and notification (with Skeleton) into the first page's JavaScript; a page that needs a
 * confirmation dialog uses Modal.useModal() itself.
 */
const MessageContext = createContext<MessageInstance | null>(null);

export function MessageProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage();
  return (
    <MessageContext.Provider value={api}>
      {holder}
      {children}
    </MessageContext.Provider>
  );
}

export function useMessage(): MessageInstance {
  const api = useContext(MessageContext);
  if (!api) throw new Error('useMessage() outside MessageProvider');
  return api;
}
