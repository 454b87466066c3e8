// Issue 37, finding 8: GET /config/raw showed secrets in three places its masking missed: a
// trailing comment on a secret's line (`ADMIN_PASSWORD: new # was old-one`), a commented-out
// setting without a blank after the colon (`#ADMIN_PASSWORD:value`), and a secret passed on a
// compose `command:` (or `entrypoint:`) line. Each is masked now; the rest of the text stays.
import { describe, expect, it } from 'vitest';
import { maskSecrets, parseConfig } from '../../src/game-config/config-file.js';

const masked = (text: string, fileName?: string) => maskSecrets(parseConfig(text, { fileName }));

describe('the raw view masks the gaps of issue 37', () => {
  it('a trailing comment on a secret line of a compose file is masked with the value', () => {
    const text = `services:
  palworld:
    image: x # keep this comment
    environment:
      ADMIN_PASSWORD: hunter5 # was old-secret-6
      RCON_PASSWORD: "hunter7"   # old: old-secret-8
      SERVER_NAME: Night Owls # the name
  palpanel:
    environment:
      - SERVICE_GAME_ADMIN_PASSWORD=hunter9 # old-secret-10
`;
    const out = masked(text, 'compose.yaml');
    expect(out).not.toMatch(/hunter|old-secret/);
    expect(out).toBe(`services:
  palworld:
    image: x # keep this comment
    environment:
      ADMIN_PASSWORD: **** # ****
      RCON_PASSWORD: "****"   # ****
      SERVER_NAME: Night Owls # the name
  palpanel:
    environment:
      - SERVICE_GAME_ADMIN_PASSWORD=**** # ****
`);
  });

  it('a commented-out secret without a blank after the colon (#ADMIN_PASSWORD:value) is masked, in a compose file and an env file', () => {
    const compose = `services:
  palworld:
    environment:
      TZ: UTC
#ADMIN_PASSWORD:hunter1
      #RCON_PASSWORD:"hunter2"
      # SERVER_NAME:kept
`;
    expect(masked(compose, 'compose.yaml')).toBe(`services:
  palworld:
    environment:
      TZ: UTC
#ADMIN_PASSWORD:****
      #RCON_PASSWORD:"****"
      # SERVER_NAME:kept
`);
    expect(masked('#ADMIN_PASSWORD:hunter1\n# RCON_PASSWORD: hunter2\n#TZ:UTC\nTZ=UTC\n')).toBe(
      '#ADMIN_PASSWORD:****\n# RCON_PASSWORD: ****\n#TZ:UTC\nTZ=UTC\n',
    );
  });

  it('a secret on a compose command: or entrypoint: line is masked: -name=value, -name value, NAME=value inside a string', () => {
    const text = `services:
  palworld:
    image: x
    command: ["--admin-password", "hunter2", "--rcon-password=hunter3", "-port=8211", "-publiclobby"]
    environment:
      TZ: UTC
  other:
    command:
      - -adminpassword
      - hunter12
      - -AdminPassword=hunter13
      - --password
      - 'hunter14'
      - --players
      - "16"
    entrypoint: sh -c "export API_TOKEN=hunter16; run --password hunter15 --port 8212"
`;
    const out = masked(text, 'compose.yaml');
    expect(out).not.toMatch(/hunter/);
    expect(out).toBe(`services:
  palworld:
    image: x
    command: ["--admin-password", "****", "--rcon-password=****", "-port=8211", "-publiclobby"]
    environment:
      TZ: UTC
  other:
    command:
      - -adminpassword
      - ****
      - -AdminPassword=****
      - --password
      - '****'
      - --players
      - "16"
    entrypoint: sh -c "export API_TOKEN=****; run --password **** --port 8212"
`);
  });
});
