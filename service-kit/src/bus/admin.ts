import type { Channel, ChannelModel } from 'amqplib';

/** Runs one operation on a channel of its own, so a failure (the queue is missing) closes only that channel. */
async function onScratchChannel<T>(connection: ChannelModel | null, operation: (channel: Channel) => Promise<T>): Promise<T> {
  if (!connection) throw new Error('event bus is not connected');
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  try {
    return await operation(channel);
  } finally {
    await channel.close().catch(() => undefined);
  }
}

/** Messages waiting in a queue (its full name). */
export function queueDepth(connection: ChannelModel | null, queue: string): Promise<number> {
  return onScratchChannel(connection, async (channel) => (await channel.checkQueue(queue)).messageCount);
}

/** Deletes a queue: a consumer on it is cancelled by the broker. */
export function deleteQueue(connection: ChannelModel | null, queue: string): Promise<void> {
  return onScratchChannel(connection, async (channel) => {
    await channel.deleteQueue(queue);
  });
}
