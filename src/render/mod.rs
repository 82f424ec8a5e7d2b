//! Output formats. Each renderer turns a search's events and outcome into
//! bytes on a writer it is given; none decides where output goes or runs a
//! search itself.

pub mod answer;
pub mod compare;
pub mod cs188;
pub mod diagram;
pub mod dot;
pub mod efg;
pub mod html;
pub mod json;
pub mod latex;
pub mod layout;
pub mod look;
pub mod metrics;
pub mod picture;
pub mod sheet;
pub mod text;
pub mod tikz;
