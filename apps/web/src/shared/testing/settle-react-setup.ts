import { cleanup, configure } from '@testing-library/react';
import { Modal, message, notification } from 'antd';
import { afterAll } from 'vitest';

/**
 * `findBy…` and `waitFor` give up after 1 s by default: on two cores shared with the server tests and lint, antd's
 * first modal or a re-render after a fetch can take longer. A limit, not a speed check: a test still fails when
 * what it waits for never comes.
 */
configure({ asyncUtilTimeout: 10_000 });

/**
 * Component tests only. React's scheduler runs queued work on `setImmediate`, and antd's static messages live in
 * their own root with a 15 s timer: work still pending when a file ends runs after jsdom is torn down (often during
 * a later file of the same worker) and throws "window is not defined", an unhandled error that fails the whole run
 * although every test passed. Close antd's static popups, unmount what is left, and let the queue drain while the
 * window still exists.
 */
afterAll(async () => {
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  cleanup();
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 20));
});
