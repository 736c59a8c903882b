/** Where the agent says what it does: one line per event, level and time first. */
export type LogLevel = 'info' | 'warn' | 'error';

export interface AgentLogger {
  log(level: LogLevel, message: string): void;
}

export const consoleLogger: AgentLogger = {
  log: (level, message) => {
    const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}`;
    if (level === 'info') console.log(line);
    else console.error(line);
  },
};

export const silentLogger: AgentLogger = { log: () => undefined };
