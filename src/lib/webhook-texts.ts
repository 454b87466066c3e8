// The webhooks' default texts, one table keyed by language (BCP 47, as the web UI names them) and
// event kind, in the server's language (SERVICE_GAME_LANGUAGE); English is the fallback. `{message}`
// is the event's own words, which the panel writes in English until the server's messages carry
// ids (issue 39). Written as a player of that language would read them in their Discord.

export type TemplateKind =
  'join' | 'leave' | 'backup' | 'system' | 'kick' | 'ban' | 'crash' | 'restart' | 'countdown' | 'offsite' | 'warning' | 'audit' | 'test';

export interface LanguageTexts {
  templates: Record<TemplateKind, string>;
  /** Said for a field the event does not carry (a kick without a reason, a server not yet read). */
  missing: Record<'reason' | 'server' | 'players' | 'max', string>;
}

const same = { system: '{message}', ban: '{message}', restart: '{message}', countdown: '{message}', audit: '{message}' };

export const DEFAULT_TEXTS: Readonly<Record<string, LanguageTexts>> = {
  en: {
    templates: {
      ...same,
      join: '{player} joined {server} ({players}/{max} online)',
      leave: '{player} left {server} ({players}/{max} online)',
      backup: 'Backup of {server} completed',
      kick: '{player} was kicked from {server}: {reason}',
      crash: '{server}: {message}',
      offsite: 'The off-site copy of a backup failed: {reason}',
      warning: 'Warning on {server}: {message}',
      test: 'palpanel test message: this webhook works.',
    },
    missing: { reason: 'no reason given', server: 'the server', players: '?', max: '?' },
  },
  'zh-Hans': {
    templates: {
      ...same,
      join: '{player} 加入了 {server}（在线 {players}/{max}）',
      leave: '{player} 离开了 {server}（在线 {players}/{max}）',
      backup: '{server} 的备份已完成',
      kick: '{player} 被踢出 {server}：{reason}',
      crash: '{server}：{message}',
      offsite: '备份的异地副本失败：{reason}',
      warning: '{server} 警告：{message}',
      test: 'palpanel 测试消息：此 Webhook 可用。',
    },
    missing: { reason: '未说明原因', server: '服务器', players: '?', max: '?' },
  },
  'zh-Hant': {
    templates: {
      ...same,
      join: '{player} 加入了 {server}（線上 {players}/{max}）',
      leave: '{player} 離開了 {server}（線上 {players}/{max}）',
      backup: '{server} 的備份已完成',
      kick: '{player} 被踢出 {server}：{reason}',
      crash: '{server}：{message}',
      offsite: '備份的異地副本失敗：{reason}',
      warning: '{server} 警告：{message}',
      test: 'palpanel 測試訊息：此 Webhook 可用。',
    },
    missing: { reason: '未說明原因', server: '伺服器', players: '?', max: '?' },
  },
  ja: {
    templates: {
      ...same,
      join: '{player} が {server} に参加しました（{players}/{max} 人）',
      leave: '{player} が {server} から退出しました（{players}/{max} 人）',
      backup: '{server} のバックアップが完了しました',
      kick: '{player} が {server} からキックされました：{reason}',
      crash: '{server}：{message}',
      offsite: 'バックアップのオフサイトコピーに失敗しました：{reason}',
      warning: '{server} の警告：{message}',
      test: 'palpanel のテストメッセージ：この Webhook は動作しています。',
    },
    missing: { reason: '理由なし', server: 'サーバー', players: '?', max: '?' },
  },
  ko: {
    templates: {
      ...same,
      join: '{player} 님이 {server}에 접속했습니다 ({players}/{max}명)',
      leave: '{player} 님이 {server}에서 나갔습니다 ({players}/{max}명)',
      backup: '{server} 백업 완료',
      kick: '{player} 님이 {server}에서 추방되었습니다: {reason}',
      crash: '{server}: {message}',
      offsite: '백업의 외부 사본 실패: {reason}',
      warning: '{server} 경고: {message}',
      test: 'palpanel 테스트 메시지: 이 웹훅은 작동합니다.',
    },
    missing: { reason: '사유 없음', server: '서버', players: '?', max: '?' },
  },
  de: {
    templates: {
      ...same,
      join: '{player} ist {server} beigetreten ({players}/{max} online)',
      leave: '{player} hat {server} verlassen ({players}/{max} online)',
      backup: 'Backup von {server} fertig',
      kick: '{player} wurde von {server} gekickt: {reason}',
      crash: '{server}: {message}',
      offsite: 'Offsite-Kopie eines Backups fehlgeschlagen: {reason}',
      warning: 'Warnung auf {server}: {message}',
      test: 'palpanel-Testnachricht: Dieser Webhook funktioniert.',
    },
    missing: { reason: 'ohne Grund', server: 'dem Server', players: '?', max: '?' },
  },
  fr: {
    templates: {
      ...same,
      join: '{player} a rejoint {server} ({players}/{max} en ligne)',
      leave: '{player} a quitté {server} ({players}/{max} en ligne)',
      backup: 'Sauvegarde de {server} terminée',
      kick: '{player} a été expulsé de {server} : {reason}',
      crash: '{server} : {message}',
      offsite: 'La copie hors site d’une sauvegarde a échoué : {reason}',
      warning: 'Avertissement sur {server} : {message}',
      test: 'Message de test de palpanel : ce webhook fonctionne.',
    },
    missing: { reason: 'sans motif', server: 'le serveur', players: '?', max: '?' },
  },
  es: {
    templates: {
      ...same,
      join: '{player} entró en {server} ({players}/{max} conectados)',
      leave: '{player} salió de {server} ({players}/{max} conectados)',
      backup: 'Copia de seguridad de {server} completada',
      kick: '{player} fue expulsado de {server}: {reason}',
      crash: '{server}: {message}',
      offsite: 'Falló la copia externa de una copia de seguridad: {reason}',
      warning: 'Aviso en {server}: {message}',
      test: 'Mensaje de prueba de palpanel: este webhook funciona.',
    },
    missing: { reason: 'sin motivo', server: 'el servidor', players: '?', max: '?' },
  },
  'pt-BR': {
    templates: {
      ...same,
      join: '{player} entrou em {server} ({players}/{max} online)',
      leave: '{player} saiu de {server} ({players}/{max} online)',
      backup: 'Backup de {server} concluído',
      kick: '{player} foi expulso de {server}: {reason}',
      crash: '{server}: {message}',
      offsite: 'A cópia externa de um backup falhou: {reason}',
      warning: 'Aviso em {server}: {message}',
      test: 'Mensagem de teste do palpanel: este webhook funciona.',
    },
    missing: { reason: 'sem motivo', server: 'o servidor', players: '?', max: '?' },
  },
  ru: {
    templates: {
      ...same,
      join: '{player} зашёл на {server} ({players}/{max} онлайн)',
      leave: '{player} вышел с {server} ({players}/{max} онлайн)',
      backup: 'Резервная копия {server} готова',
      kick: '{player} кикнут с {server}: {reason}',
      crash: '{server}: {message}',
      offsite: 'Не удалось внешнее копирование резервной копии: {reason}',
      warning: 'Предупреждение на {server}: {message}',
      test: 'Тестовое сообщение palpanel: этот вебхук работает.',
    },
    missing: { reason: 'без причины', server: 'сервер', players: '?', max: '?' },
  },
};
