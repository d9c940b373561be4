import { localized } from './language.ts';
import { MAX_OCR_IMAGES, MAX_TEXT_FILES } from './limits.ts';
import type { Localized } from './localized.ts';
import type { Message } from './message.ts';

/**
 * Every code a response body can carry. 0 is success; 401 starts the client's logout flow;
 * 4202-4204 are the spec's content validation codes. The rest are ours, grouped by area: the HTTP statuses of
 * the request itself (400-431, each its own code), 40xx the request's form, 41xx accounts, 42xx content,
 * 43xx quota, 44xx redeem codes, 45xx update emails,
 * 46xx payments, 47xx live examples, 48xx feedback, 49xx chat about a result.
 */
export const ErrorCode = {
  OK: 0,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  BAD_URL: 4001,
  CONTENT_INVALID: 4202,
  TABLE_STRUCTURE_INVALID: 4203,
  PLAN_INVALID: 4204,
  STATEMENT_NOT_ALLOWED: 4205,
  INPUT_REQUIRED: 4206,
  FIELD_TOO_LARGE: 4207,
  TOO_MANY_STATEMENTS: 4208,
  ANALYSIS_TOO_SLOW: 4209,
  WORKLOAD_INVALID: 4210,
  TOO_MANY_FILES: 4211,
  EMAIL_REGISTERED: 4101,
  EMAIL_NOT_ACTIVATED: 4102,
  EMAIL_NOT_FOUND: 4103,
  EMAIL_ACTIVATED: 4104,
  WRONG_CREDENTIALS: 4105,
  TERMS_NOT_ACCEPTED: 4106,
  CODE_NOT_SENT: 4107,
  WEAK_PASSWORD: 4108,
  INVALID_EMAIL: 4109,
  CODE_INVALID: 4110,
  TOO_MANY_REQUESTS: 4111,
  LINK_INVALID: 4112,
  QUOTA_EXCEEDED: 4301,
  REDEEM_CODE_NOT_FOUND: 4401,
  USER_NOT_FOUND: 4402,
  REDEEM_FAILED: 4403,
  REDEEM_CODE_REQUIRED: 4404,
  UNSUBSCRIBE_FAILED: 4501,
  PRODUCT_NOT_PURCHASABLE: 4601,
  CARD_DECLINED: 4602,
  CARD_INVALID: 4603,
  WEBHOOK_SIGNATURE_INVALID: 4604,
  WEBHOOK_INVALID: 4605,
  PAYMENT_FAILED: 4606,
  FEEDBACK_TYPE_REQUIRED: 4801,
  FEEDBACK_RATING_REQUIRED: 4802,
  FEEDBACK_TYPE_UNKNOWN: 4803,
  FEEDBACK_DETAIL_TOO_LONG: 4804,
  EXAMPLE_PREPARING: 4701,
  CHAT_TASK_NOT_READY: 4901,
  CHAT_UPSTREAM_FAILED: 4902,
  CHAT_UPSTREAM_TIMEOUT: 4903,
  CHAT_QUESTION_REQUIRED: 4904,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The default zh/en wording of each code; a response may carry a more specific message. */
export const errorMessages: Record<ErrorCode, Localized> = {
  [ErrorCode.OK]: localized('成功', 'success'),
  [ErrorCode.BAD_REQUEST]: localized('请求参数有误', 'bad request'),
  [ErrorCode.UNAUTHORIZED]: localized('请先登录', 'please log in first'),
  [ErrorCode.FORBIDDEN]: localized('没有权限', 'forbidden'),
  [ErrorCode.NOT_FOUND]: localized('资源不存在', 'not found'),
  [ErrorCode.METHOD_NOT_ALLOWED]: localized('该接口不支持此请求方法', 'this endpoint does not accept this method'),
  [ErrorCode.REQUEST_TIMEOUT]: localized('请求发送超时', 'the request took too long to arrive'),
  [ErrorCode.BODY_TOO_LARGE]: localized('请求内容过大', 'the request body is too large'),
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: localized(
    '不支持的内容类型，请使用 application/json 或 multipart/form-data',
    'unsupported content type: send application/json or multipart/form-data',
  ),
  [ErrorCode.HEADERS_TOO_LARGE]: localized('请求头过大', 'the request headers are too large'),
  [ErrorCode.INTERNAL]: localized('服务异常，请稍后再试', 'service exception, something went wrong'),
  [ErrorCode.BAD_URL]: localized('请求地址格式有误', 'the request URL is malformed'),
  [ErrorCode.CONTENT_INVALID]: localized('SQL 或 XML 内容校验失败', 'SQL or XML content validation failed'),
  [ErrorCode.TABLE_STRUCTURE_INVALID]: localized('表结构内容校验失败', 'table structure content validation failed'),
  [ErrorCode.PLAN_INVALID]: localized('执行计划内容校验失败', 'execution plan content validation failed'),
  [ErrorCode.STATEMENT_NOT_ALLOWED]: localized(
    '不支持 INSERT、REPLACE、DELETE 和 MERGE 语句',
    'INSERT, REPLACE, DELETE and MERGE statements are not allowed',
  ),
  [ErrorCode.INPUT_REQUIRED]: localized('请输入 SQL 语句或上传 SQL 文件', 'a statement or SQL file is required'),
  [ErrorCode.FIELD_TOO_LARGE]: localized('提交的内容超过大小上限', 'a field of the submission is over its size limit'),
  [ErrorCode.TOO_MANY_STATEMENTS]: localized('一次提交的 SQL 语句过多', 'the submission holds too many statements'),
  [ErrorCode.ANALYSIS_TOO_SLOW]: localized(
    '提交的内容过于复杂，无法在限定时间内完成校验，请拆分后再提交',
    'the submission is too complex to check in the time allowed: split it and submit the parts',
  ),
  [ErrorCode.WORKLOAD_INVALID]: localized('语句统计内容校验失败', 'workload statistics content validation failed'),
  [ErrorCode.TOO_MANY_FILES]: localized(
    `文件过多：一次上传 ${MAX_TEXT_FILES} 个 .sql 或 .xml 文件，或最多 ${MAX_OCR_IMAGES} 张图片`,
    `too many files: upload ${MAX_TEXT_FILES} .sql or .xml file, or at most ${MAX_OCR_IMAGES} images`,
  ),
  [ErrorCode.EMAIL_REGISTERED]: localized('该邮箱已注册', 'this email is already registered'),
  [ErrorCode.EMAIL_NOT_ACTIVATED]: localized('邮箱账号未激活', 'email account is not activated'),
  [ErrorCode.EMAIL_NOT_FOUND]: localized('邮箱账号不存在', 'email account does not exist'),
  [ErrorCode.EMAIL_ACTIVATED]: localized('邮箱账号已激活', 'email account is activated'),
  [ErrorCode.WRONG_CREDENTIALS]: localized('邮箱或密码错误', 'incorrect email or password'),
  [ErrorCode.TERMS_NOT_ACCEPTED]: localized('请阅读并勾选服务条款', 'please agree and check the Terms of Service'),
  [ErrorCode.CODE_NOT_SENT]: localized('验证码未发送', 'verification code not sent'),
  [ErrorCode.WEAK_PASSWORD]: localized(
    '密码至少 8 位，需包含数字、特殊字符、大写和小写字母',
    'password needs at least 8 characters with digits, special characters, uppercase and lowercase letters',
  ),
  [ErrorCode.INVALID_EMAIL]: localized('邮箱格式不正确', 'invalid email address'),
  [ErrorCode.CODE_INVALID]: localized('验证码错误或已过期', 'the verification code is wrong or has expired'),
  [ErrorCode.TOO_MANY_REQUESTS]: localized('操作过于频繁，请稍后再试', 'too many attempts, try again later'),
  [ErrorCode.LINK_INVALID]: localized('链接无效或已过期', 'the link is invalid or has expired'),
  [ErrorCode.QUOTA_EXCEEDED]: localized('已达到套餐用量上限', 'you have reached the limit of your plan'),
  [ErrorCode.REDEEM_CODE_NOT_FOUND]: localized('兑换码不存在', 'redeem code does not exist'),
  [ErrorCode.USER_NOT_FOUND]: localized('用户不存在', 'user does not exist'),
  [ErrorCode.REDEEM_FAILED]: localized('兑换失败', 'failed'),
  [ErrorCode.REDEEM_CODE_REQUIRED]: localized('请输入兑换码', 'please enter your redemption code'),
  [ErrorCode.UNSUBSCRIBE_FAILED]: localized('退订失败', 'Unsubscribe failed'),
  [ErrorCode.PRODUCT_NOT_PURCHASABLE]: localized('该套餐不可购买', 'this plan cannot be bought'),
  [ErrorCode.CARD_DECLINED]: localized('卡被拒绝（测试拒付卡）', 'the card was declined (the test card for declines)'),
  [ErrorCode.CARD_INVALID]: localized(
    '本地测试收银台只接受测试卡号 4242 4242 4242 4242，有效期须在未来，CVC 为 3 位数字',
    'the local test checkout takes only the test card 4242 4242 4242 4242, an expiry date in the future and a 3-digit CVC',
  ),
  [ErrorCode.WEBHOOK_SIGNATURE_INVALID]: localized('Webhook 签名无效', 'the webhook signature is invalid'),
  [ErrorCode.WEBHOOK_INVALID]: localized('Webhook 内容无效', 'the webhook payload is invalid'),
  [ErrorCode.PAYMENT_FAILED]: localized('支付未完成，请稍后再试', 'the payment did not go through, try again later'),
  [ErrorCode.FEEDBACK_TYPE_REQUIRED]: localized('请选择问题类型', 'please select an issue type'),
  [ErrorCode.FEEDBACK_RATING_REQUIRED]: localized('请选择赞或踩', 'please choose like or dislike'),
  [ErrorCode.FEEDBACK_TYPE_UNKNOWN]: localized('问题类型不存在', 'this issue type does not exist'),
  [ErrorCode.FEEDBACK_DETAIL_TOO_LONG]: localized('问题描述过长', 'the description is too long'),
  [ErrorCode.EXAMPLE_PREPARING]: localized(
    '示例结果正在生成中，请稍后重试',
    'this example result is being prepared, try again in a moment',
  ),
  [ErrorCode.CHAT_TASK_NOT_READY]: localized(
    '该任务还没有完成的报告，暂时无法提问',
    'this task has no completed report yet: questions can be asked once it has one',
  ),
  [ErrorCode.CHAT_UPSTREAM_FAILED]: localized(
    'AI 接口没有给出可用的回答，问题已保留，请稍后重试',
    'the AI endpoint gave no usable answer; your question was kept, try again later',
  ),
  [ErrorCode.CHAT_UPSTREAM_TIMEOUT]: localized(
    'AI 接口回答超时，问题已保留，请稍后重试',
    'the AI endpoint did not answer in time; your question was kept, try again later',
  ),
  [ErrorCode.CHAT_QUESTION_REQUIRED]: localized('请输入问题', 'please type a question'),
};

export function messageOf(code: ErrorCode, extra: Partial<Omit<Message, 'code'>> = {}): Message {
  return { code, message: errorMessages[code], ...extra };
}

/** An error that crosses a boundary as a value: the server turns it into a response body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: Message;
  readonly httpStatus: number;

  constructor(code: ErrorCode, detail: Partial<Omit<Message, 'code'>> = {}, httpStatus = defaultStatus(code)) {
    const message = messageOf(code, detail);
    super(message.message.en);
    this.code = code;
    this.detail = message;
    this.httpStatus = httpStatus;
  }
}

/** Codes that are HTTP statuses answer with that status; the codes of the product answer 400, except these. */
const statusOfProductCode: Partial<Record<ErrorCode, number>> = {
  [ErrorCode.FIELD_TOO_LARGE]: 413,
  [ErrorCode.TOO_MANY_STATEMENTS]: 413,
  [ErrorCode.TOO_MANY_FILES]: 413,
  [ErrorCode.TOO_MANY_REQUESTS]: 429,
  [ErrorCode.REDEEM_CODE_NOT_FOUND]: 404,
  [ErrorCode.USER_NOT_FOUND]: 404,
  [ErrorCode.WEBHOOK_SIGNATURE_INVALID]: 403,
  [ErrorCode.PAYMENT_FAILED]: 502,
  [ErrorCode.FEEDBACK_DETAIL_TOO_LONG]: 413,
  [ErrorCode.EXAMPLE_PREPARING]: 503,
  [ErrorCode.CHAT_TASK_NOT_READY]: 409,
  [ErrorCode.CHAT_UPSTREAM_FAILED]: 502,
  [ErrorCode.CHAT_UPSTREAM_TIMEOUT]: 504,
};

function defaultStatus(code: ErrorCode): number {
  if (code >= 400 && code < 600) return code;
  return statusOfProductCode[code] ?? 400;
}
