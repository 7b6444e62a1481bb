package gateway

import (
	"io"
	"net/url"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/grpc-ecosystem/grpc-gateway/v2/utilities"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// bladeJSON marshals every gRPC answer into the Blade envelope
// {"code":200,"success":true,"data":...,"msg":"操作成功"}; it is installed
// once as the mux's marshaler, so no handler knows about the envelope.
type bladeJSON struct {
	runtime.JSONPb
}

func newBladeJSON() *bladeJSON {
	return &bladeJSON{JSONPb: runtime.JSONPb{
		MarshalOptions:   protojson.MarshalOptions{EmitUnpopulated: true},
		UnmarshalOptions: protojson.UnmarshalOptions{DiscardUnknown: true},
	}}
}

const contentTypeJSON = "application/json;charset=UTF-8"

func (b *bladeJSON) ContentType(any) string { return contentTypeJSON }

var (
	envHead = []byte(`{"code":200,"success":true,"data":`)
	envTail = []byte(`,"msg":"操作成功"}`)
)

func (b *bladeJSON) Marshal(v any) ([]byte, error) {
	m, ok := v.(proto.Message)
	if !ok {
		data, err := b.JSONPb.Marshal(v)
		if err != nil {
			return nil, err
		}
		out := append(append([]byte{}, envHead...), data...)
		return append(out, envTail...), nil
	}
	out := make([]byte, 0, 512)
	out = append(out, envHead...)
	out, err := marshalData(out, m)
	if err != nil {
		return nil, err
	}
	return append(out, envTail...), nil
}

// formDecoder reads application/x-www-form-urlencoded bodies (Blade posts
// some calls that way) into the request message.
type formMarshaler struct{ *bladeJSON }

func (f formMarshaler) NewDecoder(r io.Reader) runtime.Decoder {
	return runtime.DecoderFunc(func(v any) error {
		msg, ok := v.(proto.Message)
		if !ok {
			return nil
		}
		raw, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		vals, err := url.ParseQuery(string(raw))
		if err != nil {
			return err
		}
		return runtime.PopulateQueryParameters(msg, vals, utilities.NewDoubleArray(nil))
	})
}
