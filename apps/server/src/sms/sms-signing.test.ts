import { describe, expect, it } from 'vitest';
import { aliyunSendSmsUrl, aliyunSignature } from './aliyun-sms.js';
import { tc3Authorization } from './tencent-sms.js';

// The worked examples of the providers' public documentation: Aliyun "签名机制" (RPC, HMAC-SHA1) of
// SendSms and Tencent Cloud "签名方法 v3" (TC3-HMAC-SHA256) of DescribeInstances.
describe('Aliyun SMS request signing', () => {
  const params = {
    AccessKeyId: 'testId', Action: 'SendSms', Format: 'XML', OutId: '123', PhoneNumbers: '15300000001', RegionId: 'cn-hangzhou',
    SignName: '阿里云短信测试专用', SignatureMethod: 'HMAC-SHA1', SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466', SignatureVersion: '1.0',
    TemplateCode: 'SMS_71390007', TemplateParam: '{"customer":"test"}', Timestamp: '2017-07-12T02:42:19Z', Version: '2017-05-25',
  };

  it('signs the documented SendSms example', () => {
    expect(aliyunSignature('testSecret', params)).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('builds the documented request URL', () => {
    expect(aliyunSendSmsUrl('testSecret', params, 'http://dysmsapi.aliyuncs.com')).toBe(
      'http://dysmsapi.aliyuncs.com/?Signature=zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D&AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25',
    );
  });

  it('changes with any parameter', () => {
    expect(aliyunSignature('testSecret', { ...params, PhoneNumbers: '15300000002' })).not.toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256 signing', () => {
  const example = {
    secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******', secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******', service: 'cvm', host: 'cvm.tencentcloudapi.com',
    payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}', timestamp: 1551113065,
  };

  it('signs the documented DescribeInstances example', () => {
    const out = tc3Authorization(example);
    expect(out.date).toBe('2019-02-25');
    expect(out.signature).toBe('2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c');
    expect(out.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    );
  });

  it('changes with the body', () => {
    expect(tc3Authorization({ ...example, payload: '{}' }).signature).not.toBe('2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c');
  });
});
