import type { Message, MessageThread } from '@careers/contracts/messages';

/** The element id of a message in a thread, on either side: the one just sent takes the focus by it. */
export const messageElementId = (messageId: string) => `message-${messageId}`;

/**
 * The message this side just sent, in the thread the call answered: the newest of its own that the thread
 * shown before did not have (a colleague may have written in between, so not simply the last one).
 */
export function sentMessage(
  shown: MessageThread | undefined,
  answered: MessageThread,
  from: Message['from'],
): Message | undefined {
  const known = new Set(shown?.messages.map((message) => message.id));
  return answered.messages.filter((message) => message.from === from && !known.has(message.id)).pop();
}
