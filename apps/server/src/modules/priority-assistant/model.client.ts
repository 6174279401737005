import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { AssistantModelSettings } from '../../config.js';

/** One question to the model: the instructions, the data (JSON text) and the JSON schema its answer must match. */
export interface ModelQuestion {
  instructions: string;
  data: string;
  schemaName: string;
  jsonSchema: Record<string, unknown>;
}

export interface ModelAskOptions {
  signal: AbortSignal;
  /** Streams the answer and is told the text so far as it grows; without it the answer comes whole. */
  onText?: ((textSoFar: string) => void) | undefined;
}

/** A provider's chat API behind one call: the model's whole text answer, or a thrown error. */
export interface ModelClient {
  /** The provider and model, as the settings show them ("openai-compatible · llama3.1"). */
  label: string;
  ask(question: ModelQuestion, options: ModelAskOptions): Promise<string>;
}

const ANSWER_TOKENS_MAX = 4_096;

function openAiCompatibleClient(settings: AssistantModelSettings): ModelClient {
  // Local servers (Ollama, vLLM) need no key, but the SDK refuses to start without one.
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey ?? 'none',
    maxRetries: 0,
    timeout: settings.timeoutMs,
    // Azure OpenAI's v1 endpoint reads the key from `api-key`; the others read the bearer token.
    ...(settings.apiKey ? { defaultHeaders: { 'api-key': settings.apiKey } } : {}),
  });
  return {
    label: `openai-compatible · ${settings.name}`,
    async ask(question, { signal, onText }) {
      const body = {
        model: settings.name,
        temperature: 0.2,
        max_tokens: ANSWER_TOKENS_MAX,
        response_format: {
          type: 'json_schema' as const,
          json_schema: { name: question.schemaName, schema: question.jsonSchema, strict: false },
        },
        messages: [
          { role: 'system' as const, content: question.instructions },
          { role: 'user' as const, content: question.data },
        ],
      };
      if (!onText) {
        const completion = await client.chat.completions.create({ ...body, stream: false }, { signal });
        return completion.choices[0]?.message.content ?? '';
      }
      const stream = await client.chat.completions.create({ ...body, stream: true }, { signal });
      let text = '';
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta.content;
        if (delta) {
          text += delta;
          onText(text);
        }
      }
      return text;
    },
  };
}

function anthropicClient(settings: AssistantModelSettings): ModelClient {
  const client = new Anthropic({
    apiKey: settings.apiKey ?? null,
    ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
    maxRetries: 0,
    timeout: settings.timeoutMs,
  });
  return {
    label: `anthropic · ${settings.name}`,
    async ask(question, { signal, onText }) {
      // No JSON mode here: the schema is in the instructions, and the answer is validated like any other.
      const stream = client.messages.stream(
        {
          model: settings.name,
          max_tokens: ANSWER_TOKENS_MAX,
          temperature: 0.2,
          system: `${question.instructions}\n\nThe JSON schema of your answer:\n${JSON.stringify(question.jsonSchema)}`,
          messages: [{ role: 'user', content: question.data }],
        },
        { signal },
      );
      if (onText) stream.on('text', (_delta, snapshot) => onText(snapshot));
      const message = await stream.finalMessage();
      return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    },
  };
}

export function createModelClient(settings: AssistantModelSettings): ModelClient {
  return settings.provider === 'anthropic' ? anthropicClient(settings) : openAiCompatibleClient(settings);
}
