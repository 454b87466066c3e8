// What makes the game use an edited settings file, for each kind of file (issue 27): the game
// reads its settings only when it starts, and palworld-server-docker builds PalWorldSettings.ini
// from its environment at every start (unless DISABLE_GENERATE_SETTINGS=true), while a container's
// environment is fixed when the container is created: `docker compose restart` keeps the old one,
// `docker compose up -d` re-creates the container with the new one. palpanel restarts nothing
// itself: POST /config/apply answers 501 with these words, and GET /config carries them.

export interface ApplyAdvice {
  /** `ini`: the game's PalWorldSettings.ini; `env`: the image's env file; `compose`: a compose file. */
  target: 'ini' | 'env' | 'compose';
  /** The command to run, where one command does it (for an ini it depends on how the game runs). */
  command: string | null;
  words: string;
}

/** When no settings file is configured: what is true of every game server. */
export const GENERIC_APPLY =
  'Restart the game server to apply its settings: the game reads them only when it starts (palpanel does not restart it).';

export function applyAdvice(format: 'ini' | 'env' | 'compose', service: string | null): ApplyAdvice {
  switch (format) {
    case 'compose': {
      const command = `docker compose up -d ${service ?? 'palworld'}`;
      return {
        target: 'compose',
        command,
        words:
          `Run \`${command}\` in the compose file's folder: it re-creates the game's container with the new environment ` +
          '(its mounted folders, the world among them, are kept), and the image writes the new settings into the game before it starts. ' +
          '`docker compose restart` is not enough: a restarted container keeps the environment it was created with.',
      };
    }
    case 'env':
      return {
        target: 'env',
        command: 'docker compose up -d',
        words:
          "Run `docker compose up -d` in the compose file's folder: palworld-server-docker takes this file's values when its container is created, " +
          'and compose re-creates the container because its environment changed (its mounted folders, the world among them, are kept). ' +
          '`docker compose restart` is not enough: a restarted container keeps the environment it was created with. ' +
          'Without compose, remove the container and run it again with this --env-file.',
      };
    case 'ini':
      return {
        target: 'ini',
        command: null,
        words:
          'Restart the game server: the game reads PalWorldSettings.ini only when it starts (under systemd, for example `systemctl restart palworld`). ' +
          'Under palworld-server-docker this file is written anew from the container’s environment at every start, so an edit here is lost ' +
          'unless the container has DISABLE_GENERATE_SETTINGS=true: set that in its environment (then `docker compose up -d`), ' +
          'or point SERVICE_CONFIG_FILE at the compose file and edit its environment: block instead.',
      };
  }
}
