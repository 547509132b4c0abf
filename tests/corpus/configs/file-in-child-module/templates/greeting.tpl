%{ for n in names ~}
hello-${n}
%{ endfor ~}
