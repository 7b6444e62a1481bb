// Package conf names the contractor service's settings (kratos layout).
package conf

// Name of the service: its database, logs, metrics and target.
const Name = "contractor"

// TrainedConsumer is the durable JetStream consumer of education's passes
// (anquan.education.exam.passed).
const TrainedConsumer = "contractor-trained"
