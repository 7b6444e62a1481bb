// Package service is blade-resource's transport layer.
package service

import (
	"context"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/server"
	"anquan/kit/timefmt"
	pb "anquan/proto/blade/resource/v1"
	"anquan/resource/internal/biz"
)

// Resource serves ResourceService and ResourceInternal.
type Resource struct {
	pb.UnimplementedResourceServiceServer
	uc *biz.Resource
}

// Internal serves ResourceInternal.
type Internal struct {
	pb.UnimplementedResourceInternalServer
	uc *biz.Resource
}

// New binds the handlers to the use cases.
func New(uc *biz.Resource) (*Resource, *Internal) { return &Resource{uc: uc}, &Internal{uc: uc} }

// Link is the preview path of a stored name.
func Link(name string) string { return "/api/upload/preview/" + name }

func (s *Resource) PutFile(ctx context.Context, r *pb.PutFileRequest) (*pb.StoredFile, error) {
	f, err := s.uc.Put(ctx, r.OriginalName, r.Content)
	if err != nil {
		return nil, err
	}
	return &pb.StoredFile{Name: f.Name, Link: Link(f.Name), OriginalName: f.OriginalName, Size: f.Size, ContentType: f.ContentType, CreateTime: timefmt.Format(f.CreateTime)}, nil
}

func (s *Resource) PreviewFile(ctx context.Context, r *pb.FileName) (*pb.FileContent, error) {
	f, b, err := s.uc.Open(ctx, r.FileName)
	if err != nil {
		return nil, err
	}
	return &pb.FileContent{Name: f.Name, OriginalName: f.OriginalName, ContentType: f.ContentType, Content: b}, nil
}

func (s *Resource) RemoveFile(ctx context.Context, r *pb.FileName) (*wrapperspb.BoolValue, error) {
	return wrapperspb.Bool(true), s.uc.Remove(ctx, r.FileName)
}

// Exists answers for the tenant the calling service names (the internal
// credential was checked; the dialer puts the acting user's tenant on the call).
func (s *Internal) Exists(ctx context.Context, r *pb.FileNames) (*pb.FileNames, error) {
	ctx, err := server.Acting(ctx, nil)
	if err != nil {
		return nil, err
	}
	names, err := s.uc.Exists(ctx, r.Names)
	if err != nil {
		return nil, err
	}
	return &pb.FileNames{Names: names}, nil
}
