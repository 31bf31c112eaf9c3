/**
 * Runs `task` once the browser has drawn its next frame: it is asked for in the next animation frame
 * and run in the task that follows that frame's rendering (a message posted during a frame's callbacks
 * is handled once the frame has been drawn). For work that must not hold up the frame that shows a
 * change, but should follow it closely. Returns a function that cancels it, if it has not run yet.
 */
export function afterNextPaint(task: () => void): () => void {
  let channel: MessageChannel | undefined;
  const frame = requestAnimationFrame(() => {
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel?.port1.close();
      task();
    };
    channel.port2.postMessage(null);
  });
  return () => {
    cancelAnimationFrame(frame);
    channel?.port1.close();
  };
}

/**
 * Runs `task` once the page is idle (within two seconds at most), for work that prepares what the
 * user will soon need without holding up what they see now. Returns a function that cancels it.
 */
export function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(() => task(), { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}
