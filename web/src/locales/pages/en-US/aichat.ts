// English texts of the safety assistant's pages (its conversations).
export default {
  助手对话: 'Assistant conversations',
  标题: 'Title',
  模型: 'Model',
  消息数: 'Messages',
  最后提问时间: 'Last question',
  提问: 'Question',
  回答: 'Answer',
  思考步骤: 'thinking step',
};
