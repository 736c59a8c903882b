/**
 * What the monitoring flow needs before a person opens the browser, done through the API as the
 * people involved would: the super manager creates the demo boiler product and a gateway, an end
 * user registers (picture check and SMS code read from the platform's log), and the gateway's edge
 * agent runs with its simulator once the device is bound.
 */
import { DEMO_BOILER_PRODUCT, demoBoilerModelInput } from '@lyyp/contracts/device-model';
import { AgentProcess } from '../system/support/agent.ts';
import { PlatformApi } from '../system/support/platform-api.ts';
import type { Platform } from './platform.ts';
import { createPhoneNumber, createUsername } from './console.ts';

export interface CreatedGateway {
  sn: string;
  verificationCode: string;
  secret: string;
}

export interface EndUser {
  username: string;
  password: string;
}

/** The super manager's product with the demo boiler model, published so end users may bind it. */
export async function createBoilerProduct(platform: Platform): Promise<{ id: string; title: string }> {
  const api = new PlatformApi(platform.baseUrl);
  await api.signIn(platform.admin.username, platform.admin.password);
  const product = await api.post<{ id: string; title: string }>('/product/advance/importProduct', {
    title: DEMO_BOILER_PRODUCT.title,
    productModel: DEMO_BOILER_PRODUCT.productModel,
    json: demoBoilerModelInput({ pollIntervalMs: 500 }),
  });
  await api.post('/product/setPublish', { id: product.id });
  return product;
}

export async function createGateway(platform: Platform): Promise<CreatedGateway & { mqttUrl: string }> {
  const api = new PlatformApi(platform.baseUrl);
  await api.signIn(platform.admin.username, platform.admin.password);
  const [gateway] = await api.post<CreatedGateway[]>('/gateway/batchAdd', { count: 1, remark: 'e2e' });
  if (!gateway) throw new Error('batch add answered no gateway');
  const credentials = await api.post<{ mqtt: { url: string } }>('/gateway/credentials', { sn: gateway.sn });
  return { ...gateway, mqttUrl: credentials.mqtt.url.replace('//localhost:', '//127.0.0.1:') };
}

/** Registers an end user (or a developer) the way the registration screen does, reading the codes from the log. */
export async function registerEndUser(
  platform: Platform,
  password: string,
  accountKind: 'terminal' | 'developer' = 'terminal',
): Promise<EndUser> {
  const api = new PlatformApi(platform.baseUrl);
  const tel = createPhoneNumber();
  const username = createUsername();
  const captcha = await api.post<{ randstr: string }>('/user/showCaptcha');
  const answer = await platform.readCaptchaAnswer(captcha.randstr);
  const ticket = await api.post<{ ticket: string; randstr: string }>('/user/verifyCaptcha', {
    randstr: captcha.randstr,
    answer,
  });
  const from = platform.logs.length;
  await api.post('/user/sendSmsCode', {
    tel,
    ticket: ticket.ticket,
    randstr: ticket.randstr,
    purpose: 'register',
  });
  const smsCode = await platform.readSmsCode(tel, 'register', from);
  await api.post('/user/register', {
    accountKind,
    accountType: 'personal',
    tel,
    smsCode,
    username,
    password,
    confirmPassword: password,
    agree: 'true',
  });
  return { username, password };
}

/** The gateway's edge agent serving the boiler from its simulator, connected to the platform. */
export async function startSimulatedGateway(
  gateway: CreatedGateway & { mqttUrl: string },
): Promise<AgentProcess> {
  const agent = await AgentProcess.start({
    sn: gateway.sn,
    secret: gateway.secret,
    platformUrl: gateway.mqttUrl,
  });
  await agent.process.waitForLine(/configuration version \d+ applied/, 60_000);
  return agent;
}

/** An end user's bound device on a gateway of its own. */
export interface BoundBoiler {
  product: { id: string; title: string };
  gateway: CreatedGateway & { mqttUrl: string };
  user: EndUser;
  /** Signed in as the end user. */
  api: PlatformApi;
  device: { id: string };
}

/**
 * The common start of a monitoring flow: the published boiler product, a gateway, and an end user
 * who registered and bound the boiler (`name`) on that gateway. The agent is not started.
 */
export async function setUpBoundBoiler(
  platform: Platform,
  password: string,
  name = '1号锅炉',
): Promise<BoundBoiler> {
  const product = await createBoilerProduct(platform);
  const gateway = await createGateway(platform);
  const user = await registerEndUser(platform, password);
  const api = new PlatformApi(platform.baseUrl);
  await api.signIn(user.username, user.password);
  const device = await api.post<{ id: string }>('/equipment/add', {
    name,
    sn: gateway.sn,
    verificationCode: gateway.verificationCode,
    productId: product.id,
  });
  return { product, gateway, user, api, device };
}
