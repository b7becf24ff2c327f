import * as React from "react";

/**
 * The attempt's clock: `startClock` sets it going from a number of seconds. It runs on the wall
 * time while `running` (the questions are shown); at zero it calls `onZero` once, which sends the
 * answers so far.
 */
export function useCountdown(running: boolean, onZero: () => Promise<void>) {
  const [secondsLeft, setSecondsLeft] = React.useState(0);
  const [deadline, setDeadline] = React.useState(0);

  const startClock = React.useCallback((seconds: number) => {
    setSecondsLeft(seconds);
    setDeadline(Date.now() + seconds * 1000);
  }, []);

  React.useEffect(() => {
    if (!running) return;
    const tick = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        clearInterval(tick);
        void onZero();
      }
    }, 250);
    return () => clearInterval(tick);
  }, [running, deadline, onZero]);

  return { secondsLeft, startClock };
}
