/**
 * The help centre's articles (§2 /help/:src), kept with the console so they work offline and follow
 * its language. One entry per article, the same sections in both languages.
 */
import type { Locale } from '@lyyp/contracts';

export interface HelpSection {
  heading: string;
  paragraphs?: readonly string[];
  steps?: readonly string[];
}

export interface HelpText {
  title: string;
  summary: string;
  sections: readonly HelpSection[];
}

export type HelpArticle = Readonly<Record<Locale, HelpText>>;

export const HELP_SLUGS = ['login', 'register', 'gateway', 'designer'] as const;
export type HelpSlug = (typeof HELP_SLUGS)[number];

export const HELP_ARTICLES: Readonly<Record<HelpSlug, HelpArticle>> = {
  login: {
    'zh-CN': {
      title: '登录',
      summary: '可以用账号和密码登录，也可以用手机短信验证码登录。',
      sections: [
        {
          heading: '账号密码登录',
          steps: [
            '在“账号”中输入用户名或绑定的手机号。',
            '输入密码后点击“登录”。密码在发送前由浏览器加密，平台不会以明文接收。',
            '连续输错多次后需要等待一段时间才能再试。',
          ],
        },
        {
          heading: '短信验证码登录',
          steps: [
            '输入手机号和图形验证码中的字符。',
            '点击“获取验证码”，手机会收到 6 位数字验证码，60 秒后可重新获取。',
            '输入验证码后点击“登录”。第一次用该手机号登录时，需要先设置用户名和密码。',
          ],
        },
        {
          heading: '忘记密码',
          paragraphs: ['在登录页点击“忘记密码？”，验证绑定的手机号后即可设置新密码。'],
        },
      ],
    },
    'en-US': {
      title: 'Signing in',
      summary: 'Sign in with your account and password, or with an SMS code sent to your phone.',
      sections: [
        {
          heading: 'Account and password',
          steps: [
            'Enter your username or the phone bound to your account.',
            'Enter your password and click "Sign in". The browser encrypts it before sending; the platform never receives it in clear.',
            'After several wrong attempts in a row you must wait a while before trying again.',
          ],
        },
        {
          heading: 'SMS code',
          steps: [
            'Enter your phone number and the characters shown in the picture.',
            'Click "Send code". Your phone receives a 6-digit code; you can ask for another after 60 seconds.',
            'Enter the code and click "Sign in". The first time a phone signs in, you choose a username and a password.',
          ],
        },
        {
          heading: 'Forgot your password',
          paragraphs: [
            'Click "Forgot password?" on the sign-in page, confirm your phone, then set a new password.',
          ],
        },
      ],
    },
  },
  register: {
    'zh-CN': {
      title: '注册账号',
      summary: '终端用户和开发者可以自行注册；运营和经销商账号由平台人员开通。',
      sections: [
        {
          heading: '注册步骤',
          steps: [
            '选择账号用途：终端用户（查看和管理自己的设备）或开发者（定义产品和组态页面）。',
            '选择个人或企业；企业账号需要填写公司名称，之后可以申请企业认证。',
            '输入手机号和图形验证码，获取并填写短信验证码。',
            '设置用户名（最多 6 个字符，不能全是数字）和密码（8-15 位，包含数字、大写字母、小写字母和特殊符号）。',
            '阅读并同意用户协议和隐私政策，点击“注册”。注册成功后直接进入控制台。',
          ],
        },
      ],
    },
    'en-US': {
      title: 'Creating an account',
      summary:
        'End users and developers register themselves; operation and dealer accounts are opened by platform staff.',
      sections: [
        {
          heading: 'Steps',
          steps: [
            'Choose what the account is for: end user (watch and manage your own devices) or developer (define products and pages).',
            'Choose personal or enterprise; an enterprise account needs the company name and can apply for certification later.',
            'Enter your phone and the picture check, then request and type the SMS code.',
            'Choose a username (at most 6 characters, not all digits) and a password (8 to 15 characters with a digit, an upper-case and a lower-case letter and a special symbol).',
            'Accept the user agreement and privacy policy and click "Register". You land in the console straight away.',
          ],
        },
      ],
    },
  },
  gateway: {
    'zh-CN': {
      title: '连接网关',
      summary: '网关安装在 PLC 和仪表旁边，通过 Modbus 读取数据，并经 MQTT 上报到平台。',
      sections: [
        {
          heading: '准备',
          paragraphs: [
            '确认网关能访问平台的 MQTT 地址，并记下网关的 12 位 SN 和 6 位验证码。',
            'PLC 或仪表通过 Modbus TCP（网口）或 Modbus RTU（串口）与网关相连。',
          ],
        },
        {
          heading: '添加网关',
          steps: [
            '在“网关管理”中添加网关，填写 SN 和验证码。',
            '网关上线后，在设备管理中为设备绑定网关和驱动。',
            '配置变量（寄存器地址、数据类型、倍率），保存后网关开始采集。',
          ],
        },
        {
          heading: '断网时',
          paragraphs: ['网关离线期间会缓存采集的数据，恢复连接后补传，平台按时间去重保存，不会丢失或重复。'],
        },
      ],
    },
    'en-US': {
      title: 'Connecting a gateway',
      summary:
        'A gateway sits next to PLCs and instruments, reads them over Modbus and reports to the platform over MQTT.',
      sections: [
        {
          heading: 'Before you start',
          paragraphs: [
            "Make sure the gateway can reach the platform's MQTT address, and note its 12-digit SN and 6-digit verification code.",
            'PLCs and instruments connect to the gateway over Modbus TCP (Ethernet) or Modbus RTU (serial).',
          ],
        },
        {
          heading: 'Adding the gateway',
          steps: [
            'In "Gateways", add the gateway with its SN and verification code.',
            'Once it is online, bind the gateway and a driver to a device in device management.',
            'Configure the variables (register address, data type, scale) and save; the gateway starts collecting.',
          ],
        },
        {
          heading: 'When the network drops',
          paragraphs: [
            'While offline the gateway buffers what it collects and uploads it when the connection returns; the platform stores each value once.',
          ],
        },
      ],
    },
  },
  designer: {
    'zh-CN': {
      title: '组态页面设计',
      summary: '用设计器把控件拖到画布上并绑定设备变量，发布后在监控端实时运行。',
      sections: [
        {
          heading: '画布',
          paragraphs: [
            '默认页面大小 1024×768，带网格、标尺和吸附参考线。开启吸附时控件会对齐到附近的边缘和中线。',
          ],
        },
        {
          heading: '编辑',
          steps: [
            '从控件栏拖入控件，或在画布上直接绘制。',
            '拖动手柄调整大小和旋转；按住 Shift 多选，可以对齐、组合和调整层级。',
            '复制粘贴的控件会偏移一段距离，便于区分；撤销最多可回退 50 步。',
            '在属性面板中为控件绑定设备变量，设置显示规则和动作。',
          ],
        },
        {
          heading: '保存',
          paragraphs: ['设计器会定时自动保存，也可以随时手动保存。'],
        },
      ],
    },
    'en-US': {
      title: 'Designing pages',
      summary:
        'Drag widgets onto the canvas and bind them to device signals; published pages run live in monitoring.',
      sections: [
        {
          heading: 'The canvas',
          paragraphs: [
            'Pages are 1024×768 by default, with a grid, rulers and snap guides. With snapping on, widgets align to nearby edges and centre lines.',
          ],
        },
        {
          heading: 'Editing',
          steps: [
            'Drag widgets from the palette, or draw them on the canvas.',
            'Use the handles to resize and rotate; hold Shift to select several, then align, group and change their order.',
            'Pasted widgets are offset so you can tell them apart; undo goes back up to 50 steps.',
            'In the properties panel, bind widgets to device signals and set display rules and actions.',
          ],
        },
        {
          heading: 'Saving',
          paragraphs: ['The designer saves automatically at intervals, and you can save at any time.'],
        },
      ],
    },
  },
};

export function findHelpArticle(slug: string | undefined): HelpArticle | undefined {
  if (!slug || !Object.hasOwn(HELP_ARTICLES, slug)) return undefined;
  return HELP_ARTICLES[slug as HelpSlug];
}
