// Package service is aichat's transport layer: the gRPC handlers of
// AichatService. It converts requests and answers and leaves the rules to
// biz.
package service

import (
	"context"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/aichat/internal/biz"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	pb "anquan/proto/blade/aichat/v1"
	commonv1 "anquan/proto/blade/common/v1"
)

// Aichat serves AichatService.
type Aichat struct {
	pb.UnimplementedAichatServiceServer
	uc      *biz.Chat
	docs    *biz.Docs
	started int64
}

// New binds the handlers to the use cases.
func New(uc *biz.Chat, docs *biz.Docs) *Aichat {
	return &Aichat{uc: uc, docs: docs, started: time.Now().Unix()}
}

func ts(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return timefmt.Format(t)
}

// Chat streams an answer.
func (s *Aichat) Chat(in *pb.ChatRequest, st grpc.ServerStreamingServer[pb.ChatEvent]) error {
	a := &biz.Ask{Model: in.Model, Temperature: in.Temperature, ConversationID: in.ConversationId, Ephemeral: in.Ephemeral}
	for _, m := range in.Messages {
		a.Messages = append(a.Messages, biz.Turn{Role: strings.ToLower(m.Role), Content: m.Content})
	}
	return s.uc.Run(st.Context(), a, func(e biz.Event) error {
		return st.Send(&pb.ChatEvent{Kind: e.Kind, Text: e.Text, ConversationId: e.ConversationID, Model: e.Model,
			PromptTokens: int32(e.PromptTokens), CompletionTokens: int32(e.CompletionTokens)})
	})
}

// Models lists the models.
func (s *Aichat) Models(context.Context, *commonv1.Empty) (*pb.ChatModelList, error) {
	out := &pb.ChatModelList{}
	for _, m := range s.uc.Models() {
		out.Data = append(out.Data, &pb.ChatModel{Id: m.ID, OwnedBy: m.OwnedBy, Created: s.started})
	}
	return out, nil
}

func convOut(c *biz.Conversation) *pb.Conversation {
	return &pb.Conversation{Id: c.ID, TenantId: c.TenantID, UserId: c.CreateUser, Title: c.Title, Model: c.Model,
		MessageCount: c.MessageCount, CreateTime: ts(c.CreateTime), UpdateTime: ts(c.UpdateTime)}
}

func (s *Aichat) PageConversation(ctx context.Context, q *commonv1.PageQuery) (*pb.ConversationPage, error) {
	p, err := s.uc.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.ConversationPage{Records: svc.Map(p.Records, convOut), Total: int32(p.Total), Size: int32(p.Size),
		Current: int32(p.Current), Pages: int32(p.Pages())}, nil
}

func (s *Aichat) ConversationDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Conversation, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	c, ms, err := s.uc.Detail(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	out := convOut(c)
	for _, m := range ms {
		sm := &pb.StoredMessage{Id: m.ID, Role: m.Role, Content: m.Content, CreateTime: ts(m.CreateTime)}
		if m.Steps != "" {
			sm.Steps = strings.Split(m.Steps, "\n")
		}
		out.Messages = append(out.Messages, sm)
	}
	return out, nil
}

func (s *Aichat) ConversationRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.Remove)
}

func docOut(d *biz.Document) *pb.AichatDocument {
	return &pb.AichatDocument{Id: d.ID, Title: d.Title, FileName: d.FileName, OriginalName: d.OriginalName, Kind: d.Kind, Size: d.Size,
		Chars: d.Chars, Passages: d.Passages, Truncated: d.Truncated == 1, CreateUserName: d.CreateUserName, CreateTime: ts(d.CreateTime)}
}

func (s *Aichat) PageDocument(ctx context.Context, q *commonv1.PageQuery) (*pb.AichatDocumentPage, error) {
	p, err := s.docs.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.AichatDocumentPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, docOut)
	return out, nil
}

func (s *Aichat) DocumentSubmit(ctx context.Context, in *pb.AichatDocumentSubmit) (*pb.AichatDocument, error) {
	d, err := s.docs.Submit(ctx, in.Title, in.FileName)
	if err != nil {
		return nil, err
	}
	return docOut(d), nil
}

func (s *Aichat) DocumentRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.docs.Remove)
}
