/** Energy notices: sending, reading and replying. */
export const NOTICE_MESSAGES = {
  'notice.notFound': { 'zh-CN': '通知 {id} 不存在或不在您的数据范围内', 'en-US': 'Notice {id} {count|does|do} not exist or {count|is|are} outside your data scope' },
  'notice.deleteOutOfScope': {
    'zh-CN': '通知 {id} 发给了您所在的部门，但只有数据范围包含该部门的用户才能删除',
    'en-US': 'Notice {id} {count|was|were} sent to your department, but only a user whose data scope covers that department may delete {count|it|them}',
  },
  'notice.alreadyReplied': { 'zh-CN': '通知 {id} 已回复，不能再修改', 'en-US': 'Notice {id} has already been replied to and cannot change' },
  'notice.alreadyRead': { 'zh-CN': '通知 {id} 已是已读', 'en-US': 'Notice {id} is already read' },
  'notice.contentWithoutReply': { 'zh-CN': '只有回复（recvStatus 2）时才接受回复内容', 'en-US': 'recvContent is only accepted with recvStatus 2 (replied)' },
  'notice.replyContentRequired': { 'zh-CN': '回复（recvStatus 2）需要填写回复内容', 'en-US': 'recvContent is required to reply (recvStatus 2)' },
} as const;
