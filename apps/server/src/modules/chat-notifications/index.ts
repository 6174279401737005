// Chat notifications: a team's chosen events posted to a Slack or Microsoft Teams channel through its incoming
// webhook, each in that provider's message format, from the background jobs.
export { createChatNotificationsService, type ChatNotificationsService } from './chat-notifications.service.js';
export { chatFanOut, defineChatPost, type ChatPostDeps } from './chat-notifications.delivery.js';
export { chatNotificationsRoutes } from './chat-notifications.routes.js';
